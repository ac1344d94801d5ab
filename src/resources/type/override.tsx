import CategoryIcon from '@mui/icons-material/Category';
import type { ResourceOverride } from '../overrides';
import { CustomFieldDefinitionsInput } from './CustomFieldDefinitionsInput';
import { TypeDeleteButton } from './TypeDeleteButton';

export const override: ResourceOverride = {
  icon: CategoryIcon,
  DeleteButton: TypeDeleteButton,
  fieldInputs: { custom_fields_devices: CustomFieldDefinitionsInput },
};
