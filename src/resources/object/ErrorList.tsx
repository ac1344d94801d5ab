import { Alert, AlertTitle } from '@mui/material';
import { messages } from '../../messages';

/** The form's error list (spec section 2): 'Please, fix the following errors:' and one line per problem. */
export const ErrorList = ({ items }: { items: readonly string[] }) =>
  items.length === 0 ? null : (
    <Alert severity="error" data-testid="object-form-errors" sx={{ my: 1 }}>
      <AlertTitle>{messages.fixErrorsHeading}</AlertTitle>
      <ul style={{ margin: 0, paddingInlineStart: '1.2em' }}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </Alert>
  );
