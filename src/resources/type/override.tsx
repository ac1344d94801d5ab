import CategoryIcon from '@mui/icons-material/Category';
import type { ResourceOverride } from '../overrides';
import { CustomFieldDefinitionsInput } from './CustomFieldDefinitionsInput';
import { TypeContentsPanel } from './TypeContentsPanel';
import { TypeDeleteButton } from './TypeDeleteButton';

export const override: ResourceOverride = {
  icon: CategoryIcon,
  panels: [TypeContentsPanel],
  DeleteButton: TypeDeleteButton,
  fieldInputs: { custom_fields_devices: CustomFieldDefinitionsInput },
};
