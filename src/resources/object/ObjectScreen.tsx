/**
 * The object screen of spec section 2: ONE component for add, view and edit of any category,
 * driven by its schema. What a category adds comes from its override (src/resources/<key>/):
 * `fieldInputs` replace inputs, `panels` go under the form, `DeleteButton` replaces Delete;
 * `sections` lay it out in headed sections beside each other, under the override's `Summary`.
 * Embedded as a child (`child`), the add form reports the created object instead of navigating.
 */
import { historyHref, useAuditAccess } from '../../custom/audit/auditAccess';
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
import { shownFieldNames, type Values } from './formFields';
import { ObjectForm } from './ObjectForm';
import { formDone } from './LeaveGuard';
import { ObjectHeader } from './ObjectHeader';
import { ReadOnlyInfo } from './ReadOnlyInfo';
import { ReverseListsPanel } from './ReverseListsPanel';
import { ScreenSection } from './ScreenSection';
import { SectionLinks } from './SectionLinks';
import { fieldSections, panelSections } from './sections';
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
  const audit = useAuditAccess();
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
  const deleteButton = record && isAdmin && (override.canDelete?.(record) ?? true) ? <Delete category={category} record={record} onDeleted={onDeleted} refresh={refresh} /> : undefined;
  const name = record ? String(record[displayField(category)] ?? '') : undefined;
  const loaded = mode === 'new' || (record !== undefined && adminOrUnknown !== undefined);

  const Summary = override.Summary;
  const panelGroups = record ? panelSections(override.sections) : [];
  const fieldGroups = fieldSections(override.sections, shownFieldNames(category, record !== undefined, override.fieldInputs)) ?? [];
  const allSections = [...fieldGroups, ...panelGroups];

  const heading = (
    <>
      {!child && (
        <ObjectHeader
          heading={pageHeading(mode, category)}
          name={name}
          onRefresh={mode === 'view' && existing ? refresh : undefined}
          onEdit={mode === 'view' && record && isAdmin && routes && (override.canEdit?.(record) ?? true) ? () => navigate(objectHref(routes.edit, record.id)) : undefined}
          historyHref={mode === 'view' && record && audit.readsTeam(record.team_id) ? historyHref(category.key, record.id) : undefined}
        />
      )}
      {mode !== 'new' && record && adminOrUnknown === false && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {messages.onlyAdminsCanModify}
        </Alert>
      )}
    </>
  );
  const readOnlyInfo = record && <ReadOnlyInfo category={category} record={record} />;
  const form = loaded && (
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
  );
  const panelProps = { category, record, mode, isAdmin, refresh };
  const underPanels = loaded && (
    <>
      <ReverseListsPanel category={category} record={record} mode={mode} ownLists={override.ownLists} />
      {override.panels?.map((Panel, i) => <Panel key={i} {...panelProps} />)}
    </>
  );

  if (child) {
    return (
      <Box sx={{ pt: 1 }}>
        {heading}
        {readOnlyInfo}
        {form}
      </Box>
    );
  }
  if (allSections.length === 0) {
    return (
      <Stack spacing={2} sx={{ mt: 1 }}>
        <PageTitle title={pageTitle(mode, category)} heading={false} />
        <Card>
          <CardContent>
            {heading}
            {readOnlyInfo}
            {form}
          </CardContent>
        </Card>
        {underPanels}
      </Stack>
    );
  }
  // In sections (issue 27): an existing object's state at a glance, then the form's sections beside
  // the panels' (two columns from the mobile breakpoint up, one below it).
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <PageTitle title={pageTitle(mode, category)} heading={false} />
      {record && (
        <Card>
          <CardContent>
            {heading}
            {loaded && Summary && <Summary {...panelProps} />}
            {readOnlyInfo}
            {loaded && <SectionLinks sections={allSections} />}
          </CardContent>
        </Card>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: panelGroups.length > 0 ? 'minmax(0, 7fr) minmax(0, 5fr)' : 'minmax(0, 1fr)' },
        }}
      >
        <Card>
          <CardContent>
            {!record && heading}
            {form}
          </CardContent>
        </Card>
        {loaded && panelGroups.length > 0 && (
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            {panelGroups.map((section) => (
              <Card key={section.key}>
                <CardContent>
                  <ScreenSection sectionKey={section.key} title={section.title}>
                    {section.panels.map((Panel, i) => (
                      <Panel key={i} {...panelProps} />
                    ))}
                  </ScreenSection>
                </CardContent>
              </Card>
            ))}
          </Stack>
        )}
      </Box>
      {underPanels}
    </Stack>
  );
};
