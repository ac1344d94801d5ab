/**
 * A basic document's content by its type (spec section 2 'Document form'): a text area for text
 * (and for the types the picker does not offer), an address for a link, shown in view mode as a
 * link opening in a new tab, and nothing for a file or an image, whose upload is the file block.
 */
import { Link, Stack, Typography } from '@mui/material';
import { useInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { checkDocumentContent, takesFile } from '../../schemas';
import { FormTextField } from '../inputs/FormTextField';
import { showText } from '../inputs/inputProps';
import { TextAreaInput } from '../inputs/TextAreaInput';
import type { FieldInputProps } from '../overrides';

/** The link of a document in view mode; an address the rules refuse is shown, never followed. */
const LinkView = ({ name, label }: { name: string; label: string }) => {
  const { field: input } = useInput({ source: name });
  const address = showText(input.value);
  const followable = address !== '' && checkDocumentContent(address, { doc_type: 'link' }) === undefined;
  return (
    <Stack spacing={0.5} component="section" aria-label={label}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      {followable ? (
        <Link href={address} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
          {address}
        </Link>
      ) : (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {address}
        </Typography>
      )}
    </Stack>
  );
};

export const ContentInput = (props: FieldInputProps) => {
  const values = useWatch() as Record<string, unknown>;
  const { category, name, field, readOnly } = props;
  if (category.file && takesFile(category.file, values)) return null;
  if (values.doc_type !== 'link') return <TextAreaInput {...props} />;
  if (readOnly) return <LinkView name={name} label={field.label} />;
  return <FormTextField {...props} textField={() => ({ type: 'url' })} htmlInput={{ inputMode: 'url', maxLength: field.maxLength }} />;
};
