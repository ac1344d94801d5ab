/**
 * The documentation panel of spec section 2 under the form of an object that holds documentation
 * (view and edit): first, read-only, the documentation of the documented objects it references
 * (a device's type, group and firmwares), each under its heading; then its own documents, which
 * admins of its team add from a Dropdown of the team's documents and remove one by one.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Card, CardContent, FormHelperText, IconButton, LinearProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { reportError } from '../../dataProvider/errors';
import { useObjectCalls } from '../../dataProvider/useObjectCalls';
import { messages, ownMessages } from '../../messages';
import { mustGetCategory, type Category } from '../../schemas';
import { Dropdown } from '../dropdown/Dropdown';
import { ObjectViewLink } from '../ObjectViewLink';
import type { ObjectPanelProps } from '../overrides';
import { displayField } from '../displayField';
import { attachDocument, attachTouches, detachDocument } from './attachDocument';
import { DocumentContent } from './DocumentContent';
import { collectionFieldOf, DOCUMENT_KEY, inheritedSources } from './documentation';
import { useDocumentation, type Documentation } from './useDocumentation';

export const DocumentationPanel = ({ category, record, mode, isAdmin }: ObjectPanelProps) => {
  if (mode === 'new' || !record || collectionFieldOf(category) === undefined) return null;
  const id = Number(record.id);
  return (
    <Card component="section" aria-label={ownMessages.documentation}>
      <CardContent>
        <Stack spacing={2}>
          {inheritedSources(category, record).map((source) => (
            <InheritedDocumentation key={source.field} heading={ownMessages.documentationOf(source.label, source.name)} category={source.category} id={source.id} />
          ))}
          <OwnDocumentation
            category={category}
            id={id}
            name={String(record[displayField(category)] ?? '')}
            teamId={Number(record.team_id)}
            isAdmin={isAdmin}
          />
        </Stack>
      </CardContent>
    </Card>
  );
};

const InheritedDocumentation = ({ heading, category, id }: { heading: string; category: Category; id: number }) => {
  const documentation = useDocumentation(category, id);
  return (
    <Box component="section" aria-label={heading}>
      <Typography variant="subtitle1" component="h2">
        {heading}
      </Typography>
      <DocumentList documentation={documentation} />
    </Box>
  );
};

interface OwnProps {
  category: Category;
  id: number;
  name: string;
  teamId: number;
  isAdmin: boolean;
}

const OwnDocumentation = ({ category, id, name, teamId, isAdmin }: OwnProps) => {
  const documentation = useDocumentation(category, id);
  const { dataProvider, changed } = useObjectCalls();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const heading = ownMessages.ownDocumentation(category.singular);

  const change = async (write: () => Promise<unknown>) => {
    setBusy(true);
    setNotice(undefined);
    try {
      const outcome = await write();
      if (outcome === 'present') setNotice(messages.documentAlreadyInCollection);
      // The object (it may have got a collection), its documentation, and the document's own view
      // listing where it is used: wherever they are shown, they are read again.
      else await changed(attachTouches(category));
    } catch (error) {
      reportError(error);
      documentation.refetch();
    } finally {
      setBusy(false);
    }
  };

  const add = (documentId: number | null) => {
    if (documentId === null) return;
    const object = { category, id, name, team_id: teamId, documents_collection_id: documentation.collectionId };
    void change(() => attachDocument(dataProvider, object, documentId));
  };
  const remove = (documentId: number) => {
    const collectionId = documentation.collectionId;
    if (collectionId !== null) void change(() => detachDocument(dataProvider, collectionId, documentId));
  };

  return (
    <Box component="section" aria-label={heading}>
      <Typography variant="subtitle1" component="h2">
        {heading}
      </Typography>
      <DocumentList documentation={documentation} onRemove={isAdmin ? remove : undefined} busy={busy} />
      {isAdmin && (
        <Box sx={{ mt: 1 }}>
          <Dropdown
            category={DOCUMENT_KEY}
            value={null}
            onChange={add}
            filters={{ team_id: teamId }}
            label={ownMessages.addDocument}
            disabled={busy || documentation.isPending}
            autoSelectSingle={false}
          />
          {notice && <FormHelperText error>{notice}</FormHelperText>}
        </Box>
      )}
    </Box>
  );
};

interface ListProps {
  documentation: Documentation;
  onRemove?: (documentId: number) => void;
  busy?: boolean;
}

const DocumentList = ({ documentation, onRemove, busy }: ListProps) => {
  const documentCategory = mustGetCategory(DOCUMENT_KEY);
  if (documentation.isPending) return <LinearProgress sx={{ my: 1 }} />;
  if (documentation.documents.length === 0) return <Typography variant="body2">{ownMessages.noDocuments}</Typography>;
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {documentation.documents.map((document) => (
        <Box component="li" key={document.id} aria-label={document.name}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              <ObjectViewLink category={documentCategory} id={document.id}>
                {messages.documentOption(document.name, document.doc_type)}
              </ObjectViewLink>
            </Typography>
            {onRemove && (
              <IconButton aria-label={ownMessages.removeFromList(document.name)} size="small" disabled={busy} onClick={() => onRemove(document.id)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            )}
          </Stack>
          <DocumentContent document={document} cacheBuster={documentation.cacheBuster} />
        </Box>
      ))}
    </Stack>
  );
};
