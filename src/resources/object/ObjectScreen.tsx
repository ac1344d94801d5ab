/**
 * The object screen of spec section 2: ONE component for add, view and edit of any category,
 * driven by its schema. What a category adds comes from its override (src/resources/<key>/):
 * `fieldInputs` replace inputs, `panels` go under the form, `DeleteButton` replaces Delete.
 * Embedded as a child (`child`), the add form reports the created object instead of navigating.
 */
import { Alert, Box, Card, CardContent, Stack } from '@mui/material';
import { useGetOne, useNavigate, type RaRecord } from 'react-admin';
import { messages } from '../../messages';
import type { Category } from '../../schemas';
import { objectHref, objectRoutes, type ObjectMode } from '../consoleRoutes';
import { displayField } from '../displayField';
import { overrideFor } from '../overrides';
import { pageHeading, pageTitle } from '../pageTitle';
import { PageTitle } from '../PageTitle';
import { DeleteObjectButton } from './DeleteObjectButton';
import type { Values } from './formFields';
import { ObjectForm } from './ObjectForm';
import { formDone } from './LeaveGuard';
import { ObjectHeader } from './ObjectHeader';
import { ReadOnlyInfo } from './ReadOnlyInfo';
import { ReverseListsPanel } from './ReverseListsPanel';
import { useIsTeamAdmin } from './useIsTeamAdmin';

export interface ChildFormOptions {
  /** Values the child starts with (the parent's team and type). */
  preset: Values;
  onCreated: (record: RaRecord) => void;
  onCancel: () => void;
}

export interface ObjectScreenProps {
  category: Category;
  mode: ObjectMode;
  /** The object's id (view and edit). */
  id?: string;
  child?: ChildFormOptions;
}

export const ObjectScreen = ({ category, mode, id, child }: ObjectScreenProps) => {
  const navigate = useNavigate();
  const override = overrideFor(category.key);
  const routes = objectRoutes(category);
  const listPath = category.console?.list ?? '/';
  const existing = mode !== 'new' && id !== undefined && id !== '';
  const { data: record, refetch } = useGetOne(category.key, { id: id ?? '' }, { enabled: existing });
  // Undefined until the teams the user administers are known: the form waits for it.
  const adminOrUnknown = useIsTeamAdmin(record?.team_id);
  const isAdmin = adminOrUnknown === true;
  const refresh = () => void refetch();

  // The form's own ways out (formDone): leaving them asks nothing about unsaved changes.
  const goView = (objectId: RaRecord['id']) => routes && navigate(objectHref(routes.view, objectId), { state: formDone });
  const onSaved = (saved: RaRecord) => (child ? child.onCreated(saved) : goView(saved.id));
  const onCancel = () => {
    if (child) child.onCancel();
    else if (mode === 'edit' && record) goView(record.id);
    else navigate(listPath, { state: formDone });
  };
  const onDeleted = () => navigate(listPath, { state: formDone });

  const Delete = override.DeleteButton ?? DeleteObjectButton;
  const deleteButton = record && isAdmin ? <Delete category={category} record={record} onDeleted={onDeleted} refresh={refresh} /> : undefined;
  const name = record ? String(record[displayField(category)] ?? '') : undefined;
  const loaded = mode === 'new' || (record !== undefined && adminOrUnknown !== undefined);

  const content = (
    <>
      {!child && (
        <ObjectHeader
          heading={pageHeading(mode, category)}
          name={name}
          onRefresh={mode === 'view' && existing ? refresh : undefined}
          onEdit={mode === 'view' && record && isAdmin && routes ? () => navigate(objectHref(routes.edit, record.id)) : undefined}
        />
      )}
      {mode !== 'new' && record && adminOrUnknown === false && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {messages.onlyAdminsCanModify}
        </Alert>
      )}
      {record && <ReadOnlyInfo category={category} record={record} />}
      {loaded && (
        <ObjectForm
          category={category}
          mode={mode}
          record={record}
          preset={child?.preset}
          child={child !== undefined}
          canModify={mode === 'new' || isAdmin}
          override={override}
          onSaved={onSaved}
          onCancel={onCancel}
          deleteButton={deleteButton}
        />
      )}
    </>
  );

  if (child) return <Box sx={{ pt: 1 }}>{content}</Box>;
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <PageTitle title={pageTitle(mode, category)} heading={false} />
      <Card>
        <CardContent>{content}</CardContent>
      </Card>
      {loaded && <ReverseListsPanel category={category} record={record} mode={mode} ownLists={override.ownLists} />}
      {loaded &&
        override.panels?.map((Panel, i) => (
          <Panel key={i} category={category} record={record} mode={mode} isAdmin={isAdmin} refresh={refresh} />
        ))}
    </Stack>
  );
};
