/**
 * A JSON Schema rendered as a form by @rjsf/core with the MUI theme of @rjsf/mui, validated live by
 * @rjsf/validator-ajv8, the ajv the server checks with. It sits inside the object form, so it
 * renders no <form> and no submit button of its own. Loaded lazily (LazyJsonSchemaForm): only
 * screens that show one pay for @rjsf and ajv. @rjsf also reports the defaults it derives by
 * itself (`{}` for no value, on mount): only what follows the user's first action in the form is
 * passed on, so a form nobody touched changes nothing (a new device keeps a null provisioning).
 */
import { useRef } from 'react';
import { withTheme } from '@rjsf/core';
import { Theme } from '@rjsf/mui';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

const Form = withTheme(Theme);

export interface JsonSchemaFormProps {
  schema: Readonly<Record<string, unknown>>;
  value: unknown;
  readOnly: boolean;
  /** A value the user changed (never one @rjsf derived on its own before the user acted). */
  onChange: (value: unknown) => void;
}

const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };

export default function JsonSchemaForm({ schema, value, readOnly, onChange }: JsonSchemaFormProps) {
  // Set by the user's first key, click or input in the form (menus in portals included: React events follow the tree).
  const acted = useRef(false);
  const act = () => {
    acted.current = true;
  };
  return (
    <div onKeyDownCapture={act} onClickCapture={act} onInputCapture={act} onChangeCapture={act}>
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
        onChange={(e) => {
          if (acted.current) onChange(e.formData);
        }}
      />
    </div>
  );
}
