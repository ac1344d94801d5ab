import CategoryIcon from '@mui/icons-material/Category';
import type { ResourceOverride } from '../overrides';
import { CustomFieldDefinitionsInput } from './CustomFieldDefinitionsInput';
import { TypeDeleteButton } from './TypeDeleteButton';
import { DocumentationPanel } from '../documentation/DocumentationPanel';

export const override: ResourceOverride<'type'> = {
  icon: CategoryIcon,
  DeleteButton: TypeDeleteButton,
  panels: [DocumentationPanel],
  fieldInputs: { custom_fields_devices: CustomFieldDefinitionsInput },
};
