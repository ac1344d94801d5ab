/**
 * A JSON Schema rendered as a form by @rjsf (its MUI theme), validated live by
 * @rjsf/validator-ajv8, the ajv the server checks with. It sits inside the object form, so it
 * renders no <form> and no submit button of its own. Loaded lazily (LazyJsonSchemaForm): only
 * screens that show one pay for @rjsf and ajv.
 */
import Form from '@rjsf/mui';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

export interface JsonSchemaFormProps {
  schema: Readonly<Record<string, unknown>>;
  value: unknown;
  readOnly: boolean;
  onChange: (value: unknown) => void;
}

const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };

export default function JsonSchemaForm({ schema, value, readOnly, onChange }: JsonSchemaFormProps) {
  return (
    <Form
      tagName="div"
      schema={schema as unknown as RJSFSchema}
      formData={value ?? undefined}
      validator={validator}
      uiSchema={uiSchema}
      readonly={readOnly}
      liveValidate
      showErrorList={false}
      noHtml5Validate
      onChange={(e) => onChange(e.formData)}
    />
  );
}
