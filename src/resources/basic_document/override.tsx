/**
 * The basic document's form (spec section 2 'Document form'): the document type picker with its
 * reload button, the content by type (the file block of a File or Image document is the generic
 * one, driven by the schema's FileSpec), and under the form the panels of a document's view.
 */
import DescriptionIcon from '@mui/icons-material/Description';
import type { ResourceOverride } from '../overrides';
import { ContentInput } from './ContentInput';
import { DocTypeInput } from './DocTypeInput';
import { UsedInPanel } from './UsedInPanel';
import { AssignToObjectsPanel } from '../documentation/AssignToObjectsPanel';

export const override: ResourceOverride<'basic_document'> = {
  icon: DescriptionIcon,
  fieldInputs: { doc_type: DocTypeInput, content: ContentInput },
  panels: [
    UsedInPanel,
    AssignToObjectsPanel,
  ],
};
