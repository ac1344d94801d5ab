/**
 * Every string the user sees, copied from the spec (../shared/spec/console-spec.md) to the letter.
 * Console, server and tests import these constants; nothing user-facing is typed anywhere else,
 * except the names and field labels of each category, declared in its schema file (src/schemas/).
 * Strings the spec does not fix (our own server's extra errors) are grouped at the end.
 */
export const messages = {
  productName: 'PUCS',
  waitingSuffix: ' [waiting for server response]',
  home: 'Home',

  // Headings and page titles (spec section 2)
  addHeading: (x: string) => `Add a new ${x}`,
  editHeading: (x: string) => `Edit ${x}`,
  viewHeading: (x: string) => `View ${x}`,
  addTitle: (category: string) => `${category} | Add`,
  viewTitle: (category: string) => `${category} | View`,
  editTitle: (category: string) => `${category} | Edit`,

  // Object screen
  onlyAdminsCanModify: "Only administrators of the object's team can modify the object.",
  submit: 'Submit',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  deleteTypeAndContent: 'Delete type and all devices, groups and firmwares of this type',
  showHiddenFields: 'Show hidden fields',
  hideOptionalFields: 'Hide optional fields',
  fixErrorsHeading: 'Please, fix the following errors:',
  nameOfUidLabel: 'Name of a unique ID by type',
  defaultNameOfUid: 'Unique ID by type',

  // Dropdown
  allTeams: 'All teams',
  allTypes: 'All types',
  allGroups: 'All groups',
  selectTypeToFilterGroups: 'Select a type to allow filtering by groups',
  selectAType: 'Select a type...',
  roleName: (id: number) => ({ 0: 'not_authorized', 1: 'user', 3: 'admin' } as Record<number, string>)[id] ?? `Role ${id}`,
  firmwareOption: (name: string, version: string) => `${name} (${version})`,
  documentOption: (name: string, docType: string) => `${name} [${docType}]`,

  // Devices-in-group block
  deleteFromGroup: 'Delete from the group',
  addDevices: 'Add devices',
  selectDevicesForGroup: (group: string) => `Select devices to be added to the group ${group}`,
  devicesOfType: (type: string) => `Devices of the type ${type}:`,
  addSelectedDevices: (n: number) => `Add selected devices (${n})`,
  close: 'Close',
  nameColumn: 'Name',
  currentGroupColumn: 'Current group',

  // Documents
  // Section 2: a form's read-only fields when not adding include the product ID.
  productId: 'Product ID',
  whatKindOfDocument: 'What kind of document type do you want to create?',
  documentAlreadyInCollection: 'The document is already in the collection.',
  documentsCollection: 'documents collection',

  // Validation (spec section 5)
  nameEmpty: 'The name field can not be empty.',
  nameNotUnique: (name: string) => `The name ${name} is not unique.`,
  firmwareNameChars:
    "The firmware name can only contain the following values: alphanumeric and ' ', '-', '_', '.' characters.",
  nameNotValid: 'Name is not valid.',
  versionEmpty: 'The version field can not be empty.',
  versionNotSemver: 'The version name is not a valid semver version.',
  firmwareNotUnique: (n: string, v: string) =>
    `A firmware with the name ${n} and the version ${v} already exist. The pair (name + value) should be unique.`,
  uidEmpty: "The field 'unique ID by type' can not be empty.",
  configNotJson: 'The configuration is not valid JSON.',
  teamRequired: 'Team should be selected.',
  typeRequired: 'Type should be selected.',
  teamFirst: 'A team must be selected first.',
  typeFirst: 'A type must be selected first.',
  individualFirmwareInGroup: 'An individual firmware cannot be assigned if the device belongs to a group.',
  contentEmpty: 'The content field can not be empty.',
  uploadRequired: 'Uploading the file is required.',
  customTemplateEmpty: 'Custom template string cannot be empty.',
  confirmChanges: 'Are you sure you want to keep these changes?',
  unsetTargetFirmware:
    'Attention! The original target firmware of the device is not empty. However, you have chosen to unset the target firmware.',

  // Error catalogue (spec section 8)
  pleaseSignIn: 'Please sign in before accessing this page.',
  uidNotUniquePerType: 'The UID provided is not unique per selected type. Please enter a unique UID.',
  customLabelFailure:
    'Please make sure that the string is a valid Python template that becomes a valid SVG after key substitution.',
  wrongClaimCode: 'Wrong code! Please, try again.',
  failedToCreateConfig: 'Failed to create new configuration',
  qrInvalid:
    'The address in the QR code does not correspond to a valid device or an error has occurred. Please ensure that you have followed the correct link.',
  loginToClaim: 'Please login to claim the device.',
  loginToSee: 'Please login to see information related to that device.',
  confirmDelete: (name: string) => `Are you sure you want to delete '${name}'?`,
  confirmDeleteType: (name: string) =>
    `Are you sure you want to remove the type '${name}' and ALL devices, groups and firmwares of this type?`,
  conflict:
    'Conflict! The device and a PUCS user have changed the configuration at the same time. These changes are not identical.',
  conflictResolved: 'The conflict has been resolved. Do not forget to click on the "Submit" button!',
  unknownSyncState: 'Unknown synchronization state.',
  provisioningNotProvided: 'Provisioning information is not provided.',
  provisioningAuthorised: 'You have authorised the modification of the provisioning information.',
  allowEditing: 'Allow editing',
  notTeamMember:
    'The device has been assigned to a team of which you are not a member. You can ask a team administrator to add you.',
  qrNotGenerated: 'QR code is not yet generated.',
  // Spec section 2: the firmware view's tables of devices and groups.
  isTargetOf: 'Is the target of',
  isCurrentlyOn: 'Is currently on',
  // Spec section 2: the size of a firmware's uploaded file.
  fileSize: (n: number) => `${n} bytes`,

  // Defaults (spec section 3)
  newObjectName: (category: string) => `New ${category}`,
  newDocumentName: (type: string) => `New Document of type ${type}`,
  // Spec sections 2 and 9: the basic document types the picker offers.
  docTypeLabels: { text: 'Text', link: 'Link', file: 'File', image: 'Image' },
  collectionDefaultName: (category: string, objectName: string, n: number | string) =>
    `Documentation for ${category} ${objectName} v.${n}`,
} as const;

/** Role display names (issue 13 item 8) by the names of ROLE (src/schemas/role.ts, roleLabel); the values stay the spec's.
 * The console and `npm run user` (its usage, its answers, the names it accepts) both read them. */
const roleLabels = { NONE: 'No access', USER: 'Member', TEAMLEADER: 'Team lead', ADMIN: 'Admin' } as const;
const roleChoices = [roleLabels.ADMIN, roleLabels.TEAMLEADER, roleLabels.USER, roleLabels.NONE].map((l) => `'${l}'`).join(', ');

/**
 * Strings the spec leaves to us (sign-in page, server errors the console never causes itself).
 * Kept apart so a reader can tell spec text from ours.
 */
/** A rollout's state in a sentence ('This rollout is a draft'): the one spelling of its refusals. */
const rolloutStateWord = (state: string) =>
  ({ draft: 'a draft', running: 'running', paused: 'paused', finished: 'finished', aborted: 'aborted' } as Record<string, string>)[state] ?? state;

export const ownMessages = {
  // In-page dialogs (src/custom/confirm/)
  ok: 'OK',
  confirmTitle: 'Please confirm',
  noticeTitle: 'Notice',
  typeToConfirm: (name: string) => `Type '${name}' to confirm`,
  // The document types the picker does not offer (spec section 3), named in tables and filters.
  otherDocTypeLabels: { label_template: 'Label template', other: 'Other' },
  username: 'Username',
  password: 'Password',
  signIn: 'Sign in',
  signOut: 'Sign out',
  // Accessibility and phone layout (issue 13 items 7 and 9)
  /** The app bar's profile button: its name begins with the text it shows (WCAG 2.5.3). */
  profileButton: (username: string) => `${username} (profile)`,
  filters: 'Filters',
  activeFilters: (n: number) => `Filters (${n})`,
  welcome: 'Welcome to the PUCS console',
  welcomeText: 'Sign in to manage your devices, firmwares, types, groups, teams and documentation.',
  wrongCredentials: 'Wrong username or password.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait and try again.',
  signInRequired: 'Sign-in required.',
  notFound: 'Not found.',
  pageNotFound: 'Page not found',
  pageNotFoundText: 'The address does not correspond to any page of the console.',
  forbidden: 'Only administrators of the object\'s team can modify the object.',
  serverAdminOnly: 'Only the server administrator can do this.',
  csrfRejected: 'Cross-site request refused: the X-Requested-With header or the Origin is wrong.',
  malformedJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  headersTooLarge: 'The request headers (the address included) are too large.',
  uriTooLong: 'The address (URL) is too long.',
  badUrl: 'The address (URL) is not valid.',
  malformedRequest: 'The request is not valid HTTP.',
  requestTimeout: 'The request took too long to arrive.',
  unknownField: (field: string) => `Unknown field '${field}'.`,
  wrongFieldType: (field: string, expected: string) => `The field '${field}' must be ${expected}.`,
  referenceNotFound: (field: string) => `The object referenced by '${field}' does not exist.`,
  referenceOtherTeam: (field: string) => `The object referenced by '${field}' belongs to another team.`,
  teamCannotChange: 'The team cannot be changed while the object is in use.',
  typeCannotChange: 'The type cannot be changed while the object is in use.',
  firmwareIsTarget: 'The firmware cannot be disabled while it is the target firmware of a device or a group.',
  firmwareDisabled: (name: string, version: string) => `The firmware ${name} (${version}) is disabled: it cannot be a target.`,
  hashNotSha3: (label: string) => `The field '${label}' must be a SHA3-256: 64 lower-case hexadecimal digits.`,
  fileHashLocked: (label: string) => `The field '${label}' cannot change once the file is uploaded.`,
  fileAlreadyUploaded: 'A file is already uploaded; it cannot be replaced.',
  fileHashMismatch: (expected: string, actual: string) =>
    `The uploaded file does not match the SHA3-256 given before the upload (expected ${expected}…, file ${actual}…): nothing was stored.`,
  fileHashMissing: 'Send the SHA3-256 of the file with the object before uploading it.',
  uploadTooLarge: (mb: number) => `The file is larger than the ${mb} MB the server accepts.`,
  uploadNotMultipart: 'The upload must be a multipart/form-data request.',
  uploadPartMissing: (part: string) => `The upload must hold the file in the multipart field '${part}'.`,
  uploadNotTaken: (label: string, values: string) => `Only an object whose ${label} is ${values} holds a file: nothing was stored.`,
  imageNotSupported: 'The image must be a PNG, JPEG, WebP or GIF file.',
  rangeNotSatisfiable: 'The requested range is outside the file.',
  inUse: (name: string) => `'${name}' is still in use and cannot be deleted.`,
  inUseIn: (name: string, places: string) => `'${name}' is still in use and cannot be deleted: it is listed in ${places}.`,
  inUseBy: (name: string, places: string) => `'${name}' is still in use and cannot be deleted: it is used in ${places}.`,
  /** One place in inUseIn or inUseBy: `device 'Pump 7'`. */
  inUsePlace: (singular: string, name: string) => `${singular} '${name}'`,
  // A user's preferences (src/schemas/preferences.ts)
  preferencesNotObject: 'The preferences must be a JSON object.',
  unknownPreference: (key: string) => `Unknown preference '${key}'.`,
  preferenceTheme: (themes: readonly string[]) => `The theme must be one of ${themes.map((t) => `'${t}'`).join(', ')}.`,
  preferenceTable: 'A table in the preferences is named by its category key or list route.',
  preferenceTables: (max: number) => `The preferences keep at most ${max} tables.`,
  preferenceColumns: (max: number) => `The columns of a table are a list of at most ${max} different column names.`,
  preferencePageSize: (max: number) => `The page size must be a whole number from 1 to ${max.toLocaleString('en-GB')}.`,
  preferencesTooLarge: (bytes: number) => `The preferences are larger than the ${bytes.toLocaleString('en-GB')} bytes the server keeps.`,
  /** Logged only (src/dataProvider/preferencesStore.ts): the choice stays in the browser and is sent with the next one. */
  preferencesNotSaved: 'Your preferences could not be saved on the server; they are kept in this browser and sent with your next change.',
  usernameTaken: (name: string) => `The username ${name} is already taken.`,
  passwordTooShort: (min: number) => `The password must have at least ${min} characters.`,
  passwordIsUsername: 'The password must not be the username.',
  passwordOnlySpaces: 'The password must not be only spaces.',
  passwordCommon: 'This password is too common: it is among the first that attackers try. Choose another one.',
  currentPassword: 'Current password',
  currentPasswordMissing: 'To change your own password, also give your current password (current_password).',
  currentPasswordWrong: 'The current password is wrong: the password was not changed.',
  passwordChangeTooMany: 'Too many wrong current passwords. Please wait and try again.',
  changePassword: 'Change password',
  newPassword: 'New password',
  passwordChanged: 'Your password was changed; your other sessions are signed out.',
  usernameInvalid: 'The username can only contain letters, digits, dot, underscore and hyphen.',

  // A device's firmware status, update history and last contact (src/resources/device/)
  firmwareStatus: 'Firmware status',
  downloadCertificate: 'Download certificate',
  downloadPrivateKey: 'Download private key',
  certificateAdminsOnly: "Only administrators of the device's team can download its certificate and private key.",
  caSettingsTogether: 'PUCS_CA_CERT and PUCS_CA_KEY must be set together.',
  caKeyUnsupported: 'PUCS_CA_KEY: the CA key must be an EC P-256 or an RSA key.',
  caKeyMismatch: 'PUCS_CA_KEY is not the key of the certificate in PUCS_CA_CERT.',
  caCertNotCa: 'PUCS_CA_CERT is not a CA certificate (basic constraints CA:TRUE): certificates it signed would verify against nothing.',
  deviceKeyUnreadable:
    "The device's private key cannot be decrypted: the key-encryption secret (PUCS_SESSION_SECRET, else key-encryption.secret in PUCS_DATA_DIR) is not the one it was stored with.",
  keySecretFileWeak: 'key-encryption.secret in PUCS_DATA_DIR holds fewer than 32 characters: restore it from the backup, or set PUCS_SESSION_SECRET.',
  caFolderBroken: (dir: string) =>
    `The device CA in ${dir} cannot be read (ca.pem, and ca.key its EC P-256 or RSA key): restore the folder from the backup; a new CA would invalidate every device certificate.`,
  caFolderMissing: (dir: string, certificates: number) =>
    `The device CA folder ${dir} is missing while ${certificates} device certificate(s) signed by it are stored: restore it from the backup (or delete the rows of device_certificate to issue every device a new certificate and key).`,
  firmwareStatusNone: 'No firmware: neither a current nor a target firmware is set.',
  firmwareStatusPending: 'Update pending: the device does not run its target firmware yet.',
  firmwareStatusOk: 'Up to date: the device runs its target firmware.',
  /** The firmware status filter's choices (src/schemas/device.ts comparisons), by value. */
  firmwareStatusLabels: { ok: 'Up to date', pending: 'Update pending', none: 'No firmware' },
  noCurrentFirmware: 'No current firmware reported.',
  noFirmwareHistory: 'No firmware update recorded yet.',
  firmwareNoLongerExists: (id: string) => `Firmware ${id} (no longer exists)`,
  // Issue 30: how a device's update goes, as it reports it (docs/DEVICE_API.md 'Update states').
  updateStateLabels: { downloading: 'Downloading', installing: 'Installing', succeeded: 'Succeeded', failed: 'Failed' } as Readonly<Record<string, string>>,
  updateFailedEntry: (message: string | null) => (message ? `update failed: ${message}` : 'update failed'),
  // Issue 31: declared bounds and the e-mail kind (src/schemas/kinds.ts).
  tooShort: (label: string, min: number) => `The field '${label}' must have at least ${min} characters.`,
  atLeast: (label: string, min: number) => `The field '${label}' must be at least ${min}.`,
  atMost: (label: string, max: number) => `The field '${label}' must be at most ${max}.`,
  schemaBoundsForNumbers: "'min' and 'max' are for the kinds integer and number",
  schemaLengthForText: "'minLength' and 'maxLength' are for the kinds text, url and email",
  schemaBoundsCrossed: 'its lower bound is above its upper bound',
  // Issue 30: rollouts (src/schemas/rollout.ts, server/rollouts/, docs/ROLLOUTS.md).
  rolloutFirmwareRequired: 'A firmware is required.',
  rolloutWaitMinutesRequired: "A wait in minutes is required when the next phase starts after a wait.",
  rolloutWaitMinutesOnlyForWait: "A wait in minutes is given only when the next phase starts after a wait: leave it empty.",
  rolloutNameNotUnique: (name: string) => `A rollout named '${name}' already exists in this team.`,
  rolloutStateLabels: { draft: 'Draft', running: 'Running', paused: 'Paused', finished: 'Finished', aborted: 'Aborted' } as Readonly<Record<string, string>>,
  rolloutAdvanceLabels: { auto: 'The next phase starts at once', wait: 'The next phase starts after a wait', manual: 'Someone continues the rollout' } as Readonly<Record<string, string>>,
  // Issue 30 item 4: the rollout's create and progress pages (src/resources/rollout/).
  rolloutStepFirmware: 'Firmware',
  rolloutStepDevices: 'Devices',
  rolloutStepPhases: 'Phases',
  rolloutStepRules: 'Rules',
  rolloutNext: 'Next',
  rolloutBack: 'Back',
  rolloutSave: 'Save rollout',
  rolloutChooseTeamFirst: 'Choose a team first.',
  rolloutNoFirmware: 'This team has no enabled firmware with its file.',
  rolloutDevicesBy: 'Which devices',
  rolloutDevicesByLabels: { group: 'A group', filter: 'Devices matching a filter', chosen: 'Chosen devices' } as Readonly<Record<string, string>>,
  rolloutSearchText: 'Search (names, unique IDs, custom field values)',
  rolloutAnyGroup: 'Any group',
  // The filter's devices of no group: the filter a rollout over devices outside groups keeps to (docs/ROLLOUTS.md, "The group rule").
  rolloutNoGroup: 'No group',
  rolloutAnyLastSeen: 'Any time',
  rolloutChooseDevices: 'Devices',
  rolloutGroupRequired: 'Choose the group whose devices get the firmware.',
  rolloutDevicesRequired: 'Choose at least one device.',
  rolloutFilterOfType: "The team's devices of the firmware's type",
  rolloutFilterSearch: (q: string) => `matching '${q}'`,
  rolloutFilterGroup: 'in the group',
  rolloutFilterNoGroup: 'in no group',
  rolloutDevicesNotEditable: "These devices cannot be changed here: add a new rollout with the devices you want (Add a new rollout, in Rollouts), then delete this draft.",
  rolloutChosenCount: (n: number) => (n === 1 ? '1 device chosen' : `${n} devices chosen`),
  allFirmwares: 'All firmwares',
  selectTypeToFilterFirmwares: 'Select a type to allow filtering by firmwares',
  rolloutDeviceCount: (n: number, type: string) => (n === 1 ? `1 device of the type ${type} now` : `${n} devices of the type ${type} now`),
  rolloutDeviceCountNote: 'The devices are taken when the rollout starts: the count may change until then.',
  rolloutPhaseKind: 'Kind',
  rolloutPhaseKindLabels: { percent: 'Percent of the rest', count: 'Number of devices' } as Readonly<Record<string, string>>,
  rolloutPhaseValue: 'Value',
  rolloutPhaseHeading: (n: number) => `Phase ${n}`,
  rolloutPhaseTakes: (n: number) => (n === 1 ? 'takes 1 device' : `takes ${n} devices`),
  rolloutLastPhaseNote: 'The last phase takes every device left.',
  rolloutPhasePercent: (n: number) => `${n}% of the devices left`,
  rolloutAddPhase: 'Add a phase',
  rolloutRemovePhase: (n: number) => `Remove phase ${n}`,
  rolloutNoTimeLimit: 'Leave empty for no time limit.',
  rolloutGroupAlwaysRollsBack: "A rollout over a group always does: its devices follow the group's target firmware, which an abort leaves as it was.",
  rolloutStateLine: (state: string, phase: number, phases: number) => (phase === 0 ? state : `${state}, phase ${phase} of ${phases}`),
  rolloutPhaseDevices: (n: number) => (n === 1 ? '1 device' : `${n} devices`),
  rolloutWaitsForContinue: 'This phase has ended: the next starts when someone continues the rollout.',
  rolloutNextPhaseAt: (date: string) => `The next phase starts by itself at ${date}.`,
  rolloutActionLabels: { start: 'Start', pause: 'Pause', resume: 'Resume', continue: 'Continue', abort: 'Abort' } as Readonly<Record<string, string>>,
  rolloutAbortConfirm: (name: string, rollback: boolean) =>
    `Abort the rollout '${name}'? Its devices that have not succeeded get back the target they had before${rollback ? ', and so do those that succeeded' : ''}. It cannot be started again.`,
  rolloutAdminsOnly: "Only administrators of the rollout's team can start, pause, continue or abort it.",
  rolloutChartHeading: 'Over time',
  rolloutChartText: (succeeded: number, failed: number) => `Devices over time: ${succeeded} succeeded, ${failed} failed so far.`,
  rolloutChartEmpty: 'No device has reported yet.',
  rolloutChartSucceeded: 'Succeeded',
  rolloutChartFailed: 'Failed',
  rolloutFailedHeading: 'Failed devices',
  rolloutNoFailures: 'No device has failed.',
  rolloutFailureMessage: 'Message',
  rolloutFailedShown: (shown: number, total: number) => `The first ${shown} of ${total} failed devices.`,
  rolloutHistoryHeading: 'History',
  rolloutNotStarted: 'Not started yet.',
  rolloutDraftPreview: (n: number) => (n === 1 ? 'Started now, it would take 1 device:' : `Started now, it would take ${n} devices:`),
  rolloutEventLabels: {
    start: 'Started',
    phase_started: 'Phase started',
    phase_ended: 'Phase ended',
    threshold_reached: 'Paused: the failure threshold was reached',
    pause: 'Paused',
    resume: 'Resumed',
    continue: 'Continued',
    finished: 'Finished',
    abort: 'Aborted',
  } as Readonly<Record<string, string>>,
  rolloutHistoryBy: (by: string | null) => (by === null ? 'by the rollout itself' : `by ${by}`),
  rolloutHistoryPhase: (phase: number) => `phase ${phase}`,
  rolloutSettingsHeading: 'Settings',
  rolloutProgressUnavailable: 'The progress cannot be read now; it is tried again by itself.',
  // The rollout engine and its calls (server/rollouts/, docs/ROLLOUTS.md).
  rolloutActionRefused: (state: string, action: string) =>
    `This rollout is ${rolloutStateWord(state)}: it cannot be ${({ start: 'started', pause: 'paused', resume: 'resumed', continue: 'continued', abort: 'aborted' } as Record<string, string>)[action] ?? action}.`,
  rolloutPhaseUnderWay: "This rollout's phase is still under way: it cannot be continued before the phase ends.",
  rolloutLastPhase: 'This rollout is in its last phase: there is no next phase to continue with.',
  rolloutUnknownAction: "The field 'action' must be one of start, pause, resume, continue, abort.",
  rolloutNoDevices: "This rollout has no devices: none of its team's devices of the firmware's type matches its choice.",
  rolloutDeviceHeld: (device: string, rollout: string) => `The device '${device}' is already in the running rollout '${rollout}'.`,
  rolloutDeviceReleasing: (device: string, rollout: string, state: string) =>
    `The device '${device}' is still being let go by the ${rolloutStateWord(state)} rollout '${rollout}': try again in a moment.`,
  rolloutGroupedDevices: (devices: number, groups: string[], more: number) =>
    `${devices === 1 ? "1 of this rollout's devices is" : `${devices} of this rollout's devices are`} in ${groups.length + Math.max(0, more) === 1 ? 'the group' : 'the groups'} ${groups.map((g) => `'${g}'`).join(', ')}${more > 0 ? ` and ${more} more` : ''}: a device in a group follows its group's target firmware. Make a rollout over the group instead, leave its devices out, or filter on the devices of no group.`,
  rolloutFirmwareNoFile: (name: string, version: string) => `The firmware ${name} (${version}) has no file uploaded: upload it before starting the rollout.`,
  rolloutEditNotDraft: (state: string) => `This rollout is ${rolloutStateWord(state)}: only a draft rollout can be changed.`,
  rolloutDeleteUnderWay: (state: string) => `This rollout is ${rolloutStateWord(state)}: abort it before deleting it.`,
  rolloutPhaseTimedOut: "No report within the phase's time limit",
  rolloutDeviceLeft: "The device left the rollout's team or type before its phase started",
  rolloutStepFailed: (id: number, reason: string) => `A step of rollout ${id} failed (tried again at the next tick): ${reason}`,
  rolloutTickFailed: (reason: string) => `Reading the running rollouts failed (tried again at the next tick): ${reason}`,
  // Issue 30: a device a rollout holds keeps the target the rollout gives it (server/rollouts/holds.ts, docs/ROLLOUTS.md).
  deviceHeldByRollout: (device: string, rollout: string) =>
    `The device '${device}' is in the rollout '${rollout}', which sets its target firmware and group: abort the rollout or wait until it finishes.`,
  groupDeviceHeldByRollout: (device: string, rollout: string) =>
    `The group's device '${device}' is in the rollout '${rollout}', which sets its target firmware: abort the rollout or wait until it finishes.`,
  firmwareInRollout: (rollout: string) =>
    `The firmware is being brought to devices by the rollout '${rollout}': it cannot be disabled or change its type until the rollout is aborted or finishes.`,
  // Issue 30: a device's rollouts on its screen (src/resources/device/DeviceRolloutsPanel.tsx).
  sectionRollouts: 'Rollouts',
  deviceNoRollouts: 'This device has not been in a rollout.',
  deviceRolloutsUnreadable: "The device's rollouts could not be read.",
  deviceRolloutColumns: { name: 'Rollout', state: 'State', phase: 'Its phase', device_state: 'Its update', message: 'Failure' },
  rolloutDeviceStateLabels: { pending: 'Waiting for its phase', downloading: 'Downloading', installing: 'Installing', succeeded: 'Succeeded', failed: 'Failed' } as Readonly<Record<string, string>>,
  /** A device of a phase that has started (it was told) that has not reported yet: 'pending' of a phase still to come waits for it. */
  rolloutPendingTold: 'No report yet',
  rolloutPhaseOf: (phase: number, current: number) => (phase === current ? `${phase} (under way)` : String(phase)),
  targetSetByRollout: (rollout: string, phase: number) => `Set by the rollout '${rollout}' (phase ${phase})`,
  /** A device a rollout holds whose phase has not started: its target is not the rollout's yet, and cannot be changed by hand. */
  targetHeldByRollout: (rollout: string, phase: number) => `In the rollout '${rollout}': set when its phase ${phase} starts`,
  /** A rollout that let the device go left it its target (a grouped device's own, not its group's: docs/ROLLOUTS.md, "The group rule"). */
  targetLeftByRollout: (rollout: string, phase: number, grouped: boolean) =>
    grouped
      ? `Set by the rollout '${rollout}' (phase ${phase}), not by its group: it follows its group again when the group's target changes`
      : `Set by the rollout '${rollout}' (phase ${phase})`,
  updateFirmwareUnknown: "The field 'update.firmware_id' names no firmware of the device's type in its team.",
  rolloutOneSelection: "A rollout's devices are a group, a filter or chosen devices: give only one of them.",
  neverSeen: 'Never',
  lessThanAMinuteAgo: 'less than a minute ago',
  minutesAgo: (n: number) => (n === 1 ? '1 minute ago' : `${n} minutes ago`),
  hoursAgo: (n: number) => (n === 1 ? '1 hour ago' : `${n} hours ago`),
  daysAgo: (n: number) => (n === 1 ? '1 day ago' : `${n} days ago`),
  lastSeenAt: (date: string, relative: string) => `${date} (${relative})`,

  // The device screen at a glance: its summary and sections (src/resources/device/DeviceSummary.tsx, override.tsx)
  summaryHeading: 'At a glance',
  sectionLinks: 'Sections',
  sectionDetails: 'Details',
  sectionFirmware: 'Firmware',
  sectionConfiguration: 'Configuration',
  sectionIdentity: 'Identity',
  summaryNone: 'None',
  resolveConflict: 'Resolve the conflict',
  conflictResolvedSaved: 'The conflict has been resolved and saved.',
  labelNeedsQrCode: 'A label shows the QR code, which this device does not have yet: generate it under QR code above to preview and download its labels.',
  labelNeedsQrCodeMember: "A label shows the QR code, which this device does not have yet: an administrator of the device's team generates it.",

  // The figures of the home page (src/custom/dashboard/).
  dashboardDevicesPerType: 'Devices per type',
  dashboardFirmwareInField: 'Firmware versions in the field',
  dashboardFirmwareType: 'Type',
  dashboardCurrentFirmware: 'Current firmware',
  dashboardTargetFirmware: 'Target firmware',
  dashboardNoFirmware: 'None',
  dashboardMore: (n: number) => `${n} more`,
  dashboardLastSeen: 'Last seen',
  dashboardNotSeenForADay: 'Not seen for more than a day',
  dashboardNeverSeen: 'Never seen',
  dashboardConfigStates: 'Configuration sync states',
  dashboardNeverConfigured: 'Never configured',
  dashboardNoDevices: 'No devices in your teams yet: the charts appear with the first one.',
  dashboardUnreadable: 'The figures of your fleet could not be read.',
  // Issue 30: updates and rollouts on the home page (src/custom/dashboard/UpdatesCard.tsx).
  dashboardUpdates: 'Updates',
  dashboardUpdatingNow: 'Updating now',
  dashboardFailedUpdates: 'Failed updates',
  dashboardRollouts: 'Rollouts under way',
  dashboardNoRollouts: 'No rollout under way.',
  dashboardRolloutPhase: (state: string, phase: number, phases: number) => `${state}, phase ${phase} of ${phases}`,
  /** A table's enum filter set to several values by a link (src/resources/list/ListFilterBar.tsx). */
  severalFilterValues: (labels: string[]) => labels.join(' or '),
  dashboardChart: (title: string, parts: string[]) => `${title}: ${parts.join(', ')}`,
  dashboardCount: (label: string, count: number) => `${label} ${count}`,
  dashboardFirmwareCounts: (firmware: string, current: number, target: number) => `${firmware}: current ${current}, target ${target}`,

  // Terminal output of `npm start` and `npm run user` (server/start.ts, server/cli/user.ts)
  consoleNotBuilt:
    'The console is not built. Run "npm run build", or start the server with "npm start", which builds it.',
  buildingConsole: (reason: string) => `Building the console (${reason})...`,
  consoleBuilt: (seconds: string) => `Console built in ${seconds} s.`,
  consoleBuildFailed: 'Building the console failed; see the errors above.',
  consoleBuildExited: (code: number | null) => `vite build exited with code ${code}.`,
  embeddedDatabaseNotCreated: (dir: string, code: number | null) => `Creating the embedded database in ${dir} failed (exit code ${code}); see the errors above.`,
  weakSessionSecret:
    'Refusing to start: NODE_ENV=production requires PUCS_SESSION_SECRET with at least 32 characters (for example the output of "openssl rand -hex 32").',
  dataDirLocked: (dir: string, pid: number) =>
    `The embedded database in ${dir} is in use by a running PUCS server (pid ${pid}). Stop that server first, or set DATABASE_URL to use a PostgreSQL server.`,
  openingDatabase: (where: string) => `Opening the database (${where})...`,
  migrationApplied: (statement: string) => `Migrated: ${statement.replace(/\s*\n\s*/g, ' ')}`,
  maintenanceFailed: (detail: string) => `Database maintenance (VACUUM) failed: ${detail}`,
  invalidSetting: (name: string, problem: string) => `${name}: ${problem}`,
  workersNeedPostgres:
    'PUCS_WORKERS: several server processes need PostgreSQL (set DATABASE_URL); the embedded database serves one process, so leave PUCS_WORKERS unset or 1.',
  serverProcesses: (n: number) => `${n} server processes share the port (PUCS_WORKERS).`,
  serverProcessEnded: (pid: number, how: string, seconds: number) => `Server process ${pid} ended (${how}); starting another in ${seconds} s.`,
  adminCreated: (user: string, team: string) => `Created the server administrator '${user}', administrator of the team '${team}'.`,
  demoSeeded: (teams: number, devices: number, seconds: string) => `Demo fleet added: ${teams} teams, ${devices} devices (${seconds} s).`,
  demoGrown: (added: number, total: number, seconds: string) => `Demo fleet grown to ${total} devices: ${added} added (${seconds} s).`,
  demoPresent: (devices: number) => `Demo fleet already present (${devices} devices): nothing added.`,
  demoLive: (count: number, team: string, first: string, last: string, seconds: number) =>
    `Live demo devices: ${count} of '${team}' (${first} ... ${last}) check in every ${seconds} s through the device API (PUCS_DEMO_LIVE=0 turns them off).`,
  demoLiveNothingToRun: (team: string) => `no server administrator or no team '${team}'`,
  demoLiveFailed: (reason: string) => `The live demo devices stopped: ${reason} (the server goes on).`,
  demoRollout: (name: string, devices: number, failing: number, threshold: number) =>
    `Demo rollout '${name}': ${devices} live devices in phases, ${failing} of them failing their update; it pauses itself once a phase's failures reach ${threshold}% (Rollouts in the console).`,
  demoRolloutPresent: (name: string, state: string) => `Demo rollout '${name}': ${state.toLowerCase()}, as the last run left it (Rollouts in the console).`,
  demoRolloutFailed: (reason: string) => `The demo rollout did not start: ${reason} (the live devices go on).`,
  serverRunning: (url: string) => `PUCS console running at ${url}`,
  signInGenerated: (user: string, password: string) =>
    `Sign in as '${user}' with the password ${password}\n(shown only this once; change it in the console: the menu under your name, Change password).`,
  signInSet: (user: string) => `Sign in as '${user}' with the password you set.`,
  signInExisting: (user: string) =>
    `Sign in with an existing account: no user is named '${user}' (PUCS_ADMIN_USER). npm run user -- list shows the users; npm run user -- add NAME --server-admin adds one.`,
  portInUse: (port: number) => `Port ${port} is already in use. Stop the other program or set PORT to a free port.`,
  stopping: 'Stopping the server...',
  cliUsage: [
    'Usage:',
    '  npm run user -- add NAME [--password P] [--team TEAM]... [--teams T1,T2] [--role ROLE] [--server-admin]',
    '  npm run user -- grant NAME --team TEAM [--team TEAM2]... --role ROLE',
    '  npm run user -- password NAME [--password P]',
    '  npm run user -- list',
    'Without --password a strong password is generated and printed. TEAM is a team name or id;',
    '--team may be repeated. --role applies to every team named. grant sets the role of an',
    'existing user in the team(s), adding them as a member when they are not one yet.',
    `ROLE is named as in the console: ${roleChoices} (any case; admin, user, 0-3 too). Default: ${roleLabels.USER}.`,
  ].join('\n'),
  cliUserAdded: (name: string) => `User '${name}' created.`,
  cliRoleGiven: (name: string, role: string, team: string) => `'${name}' is now ${role} of the team '${team}'.`,
  cliGeneratedPassword: (password: string) => `Password: ${password}`,
  cliPasswordChanged: (name: string) => `Password of '${name}' changed.`,
  cliUserNotFound: (name: string) => `No user '${name}'.`,
  cliTeamNotFound: (team: string) => `No team '${team}' (give a team name or id; "npm run user -- list" shows them).`,
  cliTeamAmbiguous: (team: string) => `Several teams are named '${team}': give the team id instead.`,
  cliBadRole: (role: string) => `Unknown role '${role}': use ${roleChoices}.`,
  cliRoleNeedsTeam: '--role needs --team.',
  cliGrantNeeds: 'grant needs --team and --role.',
  cliNoUsers: 'No users yet.',
  internalError: 'Internal server error.',
  lastAdmin: 'A team must keep at least one administrator.',
  customFieldsShape: 'Custom fields must be a list of { name, type, value }.',
  linkNotHttp: 'A link must be a full http:// or https:// address.',
  customFieldType: 'A custom field type is 0, 1 or 2.',
  readOnlyField: (field: string) => `The field '${field}' cannot be set by a client.`,
  uniqueViolation: (constraint: string) => `The value is not unique: ${constraint}.`,
  bodyNotObject: 'The request body must be a JSON object.',
  tooLong: (field: string, max: number) => `The field '${field}' must have at most ${max} characters.`,
  notAllowed: 'This operation is not allowed.',
  fieldCannotChange: (label: string) => `The ${label.toLowerCase()} cannot be changed while the object is in use.`,
  badFieldsParam: (detail: string) => `The fields parameter is not valid: ${detail}.`,
  // Values PostgreSQL cannot store (server/crud/validate.ts) and the error handler's net for the rest
  unstorableText: (field: string) =>
    `The field '${field}' contains a character that cannot be stored (a NUL character or an unpaired surrogate).`,
  jsonTooDeep: (field: string, max: number) => `The field '${field}' is nested more than ${max} levels deep.`,
  jsonNotFinite: (field: string) => `The field '${field}' contains a number JSON cannot hold (too large, such as 1e400).`,
  jsonPrototypeKey: (field: string) => `The field '${field}' contains the key '__proto__' or 'constructor.prototype', which is not accepted.`,
  bodyPrototypeKey: "The request body contains the key '__proto__' or 'constructor.prototype', which is not accepted.",
  jsonSchemaMismatch: (field: string, detail: string) => `The field '${field}' does not match its schema: ${detail}.`,
  duplicateInList: (field: string) => `The field '${field}' names the same object more than once.`,
  listTooLong: (field: string, max: string) => `The field '${field}' holds at most ${max} entries.`,
  valueNotStorable: 'A value of the request cannot be stored or compared.',
  concurrentChange: 'The objects were changed by another request at the same time. Please try again.',
  badFilter: (field: string) => `The filter '${field}' must be an id.`,
  notAPlainFilter: (param: string, plain: readonly string[]) =>
    `The parameter '${param}' filters nothing here: filter with filter={"q": ..., "field": ...}${plain.length > 0 ? ` or one of ?${plain.join('=, ?')}=` : ''}.`,

  // List dialect of ra-data-simple-rest and the CSV export (server/crud/listQuery.ts, server/routes/csvExport.ts)
  badListParam: (param: string, expected: string) => `The ${param} parameter is not valid: expected ${expected}.`,
  badSortField: (field: string) => `The list cannot be sorted by '${field}'.`,
  badFilterKey: (key: string) => `The list cannot be filtered by '${key}'.`,
  badFilterValue: (key: string, expected: string) => `The filter '${key}' must be ${expected}.`,
  noSearchField: 'This list has no text to search in.',
  pageTooLarge: (max: number) => `A page can hold at most ${max} objects.`,
  serverBusy: 'The server is busy. Please try again in a moment.',
  listCut: (shown: number, total: number) => `The list holds ${total} objects, more than the ${shown} that can be read at once: it cannot be shown whole.`,
  unknownCategory: (key: string) => `There is no category '${key}'.`,

  // Teams page: adding a member by username (server/categories/role.ts)
  noSuchUser: 'There is no user with this username.',
  alreadyMember: 'This user is already a member of the team.',
  // Member invitations and deleting users (server/categories/role.ts, user.ts; docs/OPERATIONS.md "Users")
  tooManyInvitations: 'Too many usernames tried in the last hour (members added by username, your own username changed). Please wait and try again.',
  lastAdminOfTeams: (teams: readonly string[]) =>
    `This user is the last administrator of the ${teams.length === 1 ? 'team' : 'teams'} ${teams.map((t) => `'${t}'`).join(', ')}: make another member administrator, or delete the team, first.`,
  lastServerAdmin: 'The last server administrator cannot be deleted or lose the role.',
  usernameLookalikesKept: (names: readonly string[]) =>
    `These usernames look like an older user's and keep working as spelled; rename them (PUT /api/user/{id}): ${names.join(', ')}`,
  eitherField: (a: string, b: string) => `Send either '${a}' or '${b}', not both.`,
  // A reference that must share a field with the object (a target firmware of the object's type)
  referenceMismatch: (refLabel: string, fieldLabel: string) =>
    `The ${refLabel.toLowerCase()} must have the same ${fieldLabel.toLowerCase()} as the object.`,

  // Object screen (src/resources/object/): words the spec leaves to us
  refresh: 'Refresh',
  enabled: 'Enabled',
  disabled: 'Disabled',
  uploadIcon: 'Upload an icon',
  removeIcon: 'Remove the icon',
  iconNotImage: 'The icon must be an image file.',
  iconTooLarge: (maxKb: number) => `The icon must be smaller than ${maxKb} KB.`,
  iconNotDataUrl: (label: string) => `The field '${label}' must be an image given as a base64 data: URL (data:image/png;base64,...).`,
  iconNotRaster: (label: string) => `The field '${label}' must hold a PNG, JPEG, WebP or GIF image, declared as such (SVG and other formats are not accepted).`,
  jsonNotValid: (label: string) => `The field '${label}' is not valid JSON.`,
  /** A date or date-and-time input (typed en-GB whatever the browser's locale, spec section 1). */
  dateNotValid: (label: string) => `The field '${label}' is not a date: type it as DD/MM/YYYY.`,
  dateTimeNotValid: (label: string) => `The field '${label}' is not a date and time: type it as DD/MM/YYYY HH:MM.`,
  noSuchDate: (label: string, text: string) => `The field '${label}' holds a date that does not exist: ${text}.`,
  datePlaceholder: 'DD/MM/YYYY',
  dateTimePlaceholder: 'DD/MM/YYYY HH:MM',
  pickDate: (label: string) => `Pick '${label}' on a calendar`,
  /** One line of the change confirmation (spec section 5), before 'Are you sure you want to keep these changes?'. */
  changeLine: (label: string, from: string, to: string) => `${label}: ${from} → ${to}`,
  noValue: '(none)',
  /** Leaving an add or edit form with changes not saved (in-page dialog; the browser's own box on closing the tab). */
  unsavedChanges: 'This form has changes that are not saved. Leave the page and lose them?',
  leaveForm: 'Leave',

  // Custom fields editor (src/resources/inputs/CustomFields*.tsx, src/resources/type/)
  customFieldColumns: { name: 'Name', type: 'Type', value: 'Value' },
  customFieldTypeNames: ['String', 'Boolean', 'Integer'],
  addCustomField: 'Add a custom field',
  deleteCustomField: (name: string) => `Delete the custom field ${name}`,
  confirmDeleteCustomField: (name: string) =>
    `Are you sure you want to delete the custom field '${name}'? It will be removed from all devices of this type.`,
  customFieldExistingChanged:
    'Existing devices of this type are not changed: they keep their current value of this field. Only new devices get this type and value.',
  customFieldRenamed: (oldName: string) =>
    `When saved, the field '${oldName}' is removed from all devices of this type; existing devices do not get the new name.`,
  customFieldNotInteger: 'The value must be a whole number.',
  customFieldDuplicate: (name: string) => `The custom field name '${name}' is used more than once.`,
  noCustomFields: 'No custom fields.',
  customFieldsNeedType: 'Select a type to see the custom fields it defines.',
  customFieldNotDefined: (field: string, name: string, definer: string) =>
    `The field '${field}' has a value for '${name}', which its ${definer.toLowerCase()} does not define.`,
  customFieldWrongType: (field: string, name: string, typeName: string) =>
    `The field '${field}': the value of '${name}' must be of type ${typeName}.`,
  schemaNotObject: 'a JSON Schema is a JSON object',
  notJsonSchema: (field: string, detail: string) => `The field '${field}' is not a valid JSON Schema: ${detail}.`,
  // What a client's JSON Schema may not hold (src/schemas/clientSchema.ts): the detail of notJsonSchema
  schemaCostlyKeyword: (keyword: string) =>
    `the keyword '${keyword}' is not accepted: the time to check a value against it has no bound`,
  schemaNamingKeyword: (keyword: string) => `the keyword '${keyword}' is not accepted: a schema cannot name parts for other schemas`,
  schemaDialect: (dialect: string) => `'$schema' may only be ${dialect}`,
  schemaRefNotLocal: (ref: string) => `'$ref' may only be '#' or '#/definitions/<name>' ('${ref}' is not)`,
  schemaRefCycle: (ref: string) => `'$ref' '${ref}' leads back to itself without checking a part of the value`,
  schemaTooLarge: (max: number) => `a schema is at most ${max} bytes of JSON`,
  schemaTooCostly: (max: number) =>
    `the schema applies more than ${max} subschemas to one part of a value (each '$ref' counting as what it names)`,
  definerSchemaRefused: (field: string, definer: string, detail: string) =>
    `The field '${field}' cannot be checked: the schema of its ${definer.toLowerCase()} is no longer accepted (${detail}); save a schema the ${definer.toLowerCase()} may hold first.`,
  customFieldEntryKeys: (name: string) => `The custom field '${name}' must have exactly a name, a type and a value.`,
  // Provisioning edit lock (spec sections 2 and 4, src/resources/device/ProvisioningInput.tsx)
  provisioningLockConfirm: 'I understand that a wrong provisioning can make the device unusable.',
  jsonFormLoading: 'Loading the form…',

  // Type screen: its content and the cascade delete (src/resources/type/)
  noObjects: 'None.',
  showAllInList: (n: number, plural: string) => `Show all ${n} in ${plural}`,
  /** The heading of one of two lists of a category declared without headings on an object's view: 'Devices (Target firmware)'. */
  reverseListOf: (plural: string, fieldLabel: string) => `${plural} (${fieldLabel})`,
  deletingWithContent: (name: string) => `Deleting '${name}' and all its devices, groups and firmwares…`,

  // A list of references (src/resources/inputs/RefListFieldInput.tsx)
  addToList: 'Add',
  removeFromList: (name: string) => `Remove ${name}`,
  moveUpInList: (name: string) => `Move ${name} up`,
  moveDownInList: (name: string) => `Move ${name} down`,

  // Pickers of big categories, searched on the server as the user types (src/resources/dropdown/SearchDropdown.tsx)
  /** Under the first page of matches when more match: 'and 99,950 more: type to narrow'. */
  moreMatches: (n: number) => `and ${n.toLocaleString('en-GB')} more: type to narrow`,
  searching: 'Searching…',
  noMatches: 'No match.',
  searchObjects: (plural: string) => `Search ${plural.toLowerCase()}`,
  showMore: 'Show more',

  // Devices-in-group block (src/resources/devices_group/)
  selectAllDevices: 'Select or deselect all devices',
  noDevicesInGroup: 'No devices in this group.',
  noDevicesToAdd: 'No other devices of this type in the team.',

  // Documentation panel, collections and the assign dialog (src/resources/documentation/, documents_collection/)
  documentation: 'Documentation',
  /** 'Documentation of the type Sensor', 'Documentation of the target firmware Main (1.0.0)'. */
  documentationOf: (what: string, name: string) => `Documentation of the ${what.toLowerCase()} ${name}`,
  ownDocumentation: (singular: string) => `Documentation of this ${singular}`,
  noDocuments: 'No documents.',
  addDocument: 'Add a document',
  assignToObjects: 'Assign to objects',
  assign: 'Assign',
  selectAllOf: (plural: string) => `Select or deselect all ${plural.toLowerCase()}`,
  assigningProgress: (n: number, total: number) => `Assigning ${n} of ${total}…`,
  assignFailed: (name: string, reason: string) => `The document was not added to '${name}': ${reason}`,
  assignSkipped: (names: readonly string[]) => `Already holding the document, skipped: ${names.join(', ')}.`,
  assignDone: (n: number) => `The document was added to ${n} object(s).`,

  // Tables and lists (src/resources/list/)
  /** The search box names the fields it searches: 'Name or unique ID'. */
  searchIn: (labels: readonly string[]) => {
    const text = labels.join(' or ');
    return text.charAt(0).toUpperCase() + text.slice(1);
  },
  /** A picker's option whose name repeats among the options, with its team (src/resources/dropdown/picker.ts). */
  optionOfTeam: (label: string, team: string) => `${label} (${team})`,
  /** A device's uid as the search box names it (the label follows the type's name_of_uid). */
  uidSearched: 'unique ID',
  /** The age filter of a datetime declared `recency` (src/schemas/recency.ts), by value. */
  recencyFilterLabels: {
    hour: 'Seen in the last hour',
    day: 'Seen in the last day',
    week: 'Seen in the last 7 days',
    over_day: 'Not seen for more than a day',
    never: 'Never seen',
  },
  /** A `recency` cell of a table: how long ago, or never. */
  recencyNever: 'never',
  recencyJustNow: 'just now',
  recencyMinutes: (n: number) => `${n} min ago`,
  recencyHours: (n: number) => `${n} h ago`,
  recencyDays: (n: number) => `${n} d ago`,
  /** The status dot's name (what its colour says). */
  recencyStatus: { hour: 'Seen within an hour', day: 'Seen within a day', older: 'Not seen for more than a day', never: 'Never seen' },
  exportCsv: 'Export CSV',
  /** The CSV export's button while the file is made (issue 27 item 9). */
  exportingCsv: 'Exporting…',
  /** 'Export selected' while its rows are read, a chunk at a time. */
  exportingRows: (done: number, total: number) => `Exporting ${done} of ${total}…`,
  /** One export per category when a table shows several: 'Export CSV: Documents'. */
  exportCsvOf: (plural: string) => `Export CSV: ${plural}`,
  noResults: 'No objects match.',
  // An unfiltered list with nothing in it says what to do (src/resources/list/EmptyList.tsx).
  emptyList: (plural: string) => `No ${plural.toLowerCase()} yet.`,
  emptyListAddFirst: (singular: string) => `Add the first ${singular}:`,
  emptyListNeedsFirst: (singular: string, first: string) => `A ${singular} needs a ${first} first: add a ${first}, then the ${singular}.`,
  // For a user who administers no team: only a team's admins add its objects (spec section 6).
  emptyListAskAdmin: 'Only the administrators of a team add its objects: ask one of them, or create a team of your own in Teams.',
  /** An object named by its id while its name is not known (a filter chip, a documentation source): 'ID 5', not '#5'. */
  objectById: (id: number) => `ID ${id}`,
  /** The column naming each row's kind in a table of several categories (/documents). */
  kindColumn: 'Kind',
  /** The zero option of a filter by an enum field (document type, target class). */
  allValues: 'All',
  /** The two kinds of document: the choices of /document_new and the Kind column of /documents. */
  documentKind: 'Document',
  collectionKind: 'Collection of documents',

  // An object's uploaded file (src/resources/object/FileField.tsx)
  chooseFile: 'Choose a file',
  hashing: (percent: number) => `Hashing… ${percent}%`,
  cancelHashing: 'Cancel hashing',
  uploading: (percent: number) => `Uploading… ${percent}%`,
  waitForHash: 'The file is still being hashed: wait for its hash, then submit.',
  copyHash: 'Copy the hash',
  copied: 'Copied',
  copyHashByHand: 'The browser did not let the console copy the hash. Copy it from here:',
  uploadUnreachable: 'The upload failed: the server could not be reached.',
  uploadFailed: (reason: string) => `The file was not uploaded: ${reason}`,
  /** A file that may be replaced (FileSpec not immutable): the control next to the stored one. */
  replaceFile: 'Replace the file',
  imagePreview: (name: string) => `Preview of ${name}`,

  // Basic documents (src/resources/basic_document/)
  reloadDocTypes: 'Reload the document types',
  usedIn: 'Used in',
  notUsed: 'This document is not used by any type, firmware, group or device.',
  /** Under a list the server cut (src/schemas/embeddedList.ts): how many it did not send. */
  moreNotShown: (n: number) => `and ${n} more`,

  // Teams page (src/resources/team/)
  members: 'Members',
  role: 'Role',
  addMember: 'Add member',
  removeMember: (username: string) => `Remove ${username}`,
  roleOf: (username: string) => `Role of ${username}`,
  confirmRemoveMember: (username: string, team: string) => `Are you sure you want to remove '${username}' from the team '${team}'?`,
  createTeam: 'Create a team',
  newTeamName: 'Name of the new team',
  noMembers: 'No members.',
  readOnlyTeam: 'Only administrators of the team can change its members.',
  /** A team whose members the teams page received cut (src/schemas/embeddedList.ts). */
  membersCut: (shown: number, total: number) => `Showing ${shown} of ${total} members.`,

  // Schema checks and migrations (src/schemas/registryCheck.ts, server/db/): what an integrator reads when a declaration is wrong or the data refuses it
  schemaError: (where: string, problem: string) => `Schema error in ${where}: ${problem}`,
  schemaUnknownKind: (kind: string, kinds: readonly string[]) => `unknown kind '${kind}' (one of ${kinds.join(', ')})`,
  schemaNeedsRef: (kind: string) => `a ${kind} field needs 'ref'`,
  roleLabels,
  roleSaved: 'Saved',
  memberActions: 'Actions',
  confirmRemoveMemberLabel: 'Remove',
  /** A role change asks first (issue 27 item 9): who, where, from what to what. */
  confirmRoleChange: (username: string, team: string, from: string, to: string) =>
    `Change the role of '${username}' in the team '${team}' from ${from} to ${to}?`,
  confirmRoleChangeLabel: 'Change role',
  /** The home page of a user in no team: what to do next instead of a dashboard of zeros. */
  noTeamTitle: 'You are not in a team yet',
  noTeamCreate: 'Create a team of your own: you become its administrator and can add devices, types and other members.',
  noTeamAsk: (username: string) => `Or ask an administrator of an existing team to add you by your username: ${username}`,
  schemaEnumNeedsValues: "an enum field needs 'values'",
  schemaEnumValuesRepeat: "an enum field's values must differ",
  schemaOfferedNotAValue: "'offered' names a value not in 'values'",
  schemaForJsonOnly: "'schema' is for json fields only",
  schemesForUrlOnly: "'schemes' is for url fields only",
  schemaDefaultInvalid: (value: string, expected: string) => `the default ${value} is not ${expected}`,
  schemaDefaultRefused: (value: string, problem: string) => `the default ${value} is refused: ${problem}`,
  schemaBackfillInvalid: (value: string, expected: string) => `the backfill ${value} is not ${expected}`,
  schemaKeyTwice: 'the key is declared twice',
  schemaIdTwice: (id: number) => `the category id ${id} is used twice`,
  schemaIdReserved: (id: number, name: string) => `the category id ${id} is the spec's '${name}'`,
  schemaServerTable: 'the key names a table the server keeps for itself',
  schemaUnknownRef: (key: string) => `'ref' names an unknown category '${key}'`,
  schemaUnknownNeedsFirst: (key: string) => `'console.needsFirst' names an unknown category '${key}'`,
  schemaUnknownField: (name: string) => `names an unknown field '${name}'`,
  schemaRenamedStillExists: (old: string) => `'renamedFrom' names a field that still exists ('${old}')`,
  schemaDefinedBy: (field: string) => `'definedBy' needs a json field and a reference to a category with the json field '${field}'`,
  schemaListThrough: (list: string) => `'listThrough' needs a ref field to a category with the refList field '${list}'`,
  schemaDisabledFlag: `'disabled' needs an integer (0 or 1) or boolean field`,
  schemaEnabledOnly: `'enabledOnly' needs a ref field to a category that declares 'disabled'`,
  schemaRenamedTwice: (old: string, other: string) => `'renamedFrom' names '${old}', as ${other} does: one column cannot become two`,
  schemaUniqueUnknownField: (rule: string, field: string) => `unique rule '${rule}' names an unknown field '${field}'`,
  schemaListUnknownCategory: (key: string) => `a list names an unknown category '${key}'`,
  schemaListUnknownField: (key: string, via: string) => `a list names an unknown field '${key}.${via}'`,
  schemaExpansionUnknownField: (name: string, field: string) => `expansion '${name}' names an unknown field '${field}'`,
  migrationRefused: (problem: string) => `Database not changed: ${problem}`,
  migrationStatementFailed: (statement: string, reason: string) => `${statement} failed: ${reason}`,
  schemaDeleteWithContent: (key: string) => `deleteWithContent names '${key}', which is not one of its lists`,
  cascadeNotBoolean: "The parameter 'cascade' must be true or false.",
  cascadeNotOffered: (plural: string) => `${plural} have no content to delete with them: 'cascade' is not offered here.`,
  // The counts a cascade delete is bound to (src/schemas/contentExpectations.ts)
  cascadeExpectWithoutCascade: (param: string) => `The parameter '${param}' is only read with 'cascade=true'.`,
  cascadeExpectUnknown: (param: string, known: readonly string[]) =>
    `The parameter '${param}' names no content of this object: expected one of ${known.join(', ')}.`,
  cascadeExpectNotCount: (param: string) => `The parameter '${param}' must be a whole number of objects (0 or more), given once.`,
  /** One list whose count differs: 'Devices: 81 now, not 80'. */
  countNotExpected: (plural: string, now: number, expected: number) =>
    `${plural}: ${now.toLocaleString('en-GB')} now, not ${expected.toLocaleString('en-GB')}`,
  /** `changes`: each list that differs (countNotExpected), in the delete's order. */
  contentNotAsCounted: (singular: string, name: string, changes: readonly string[]) =>
    `The ${singular} '${name}' no longer holds what was counted (${changes.join('; ')}): nothing was deleted. Check the new counts before deleting it.`,
  migrationValuesDoNotConvert: (subject: string, n: number, from: string, to: string, sample: string) =>
    `${subject}: ${n} value(s) do not convert from ${from} to ${to} (${sample}). Correct them in the database, or keep the kind.`,
  migrationNoConversion: (subject: string, n: number, from: string, kind: string, to: string) =>
    `${subject}: its ${n} value(s) are ${from} and a ${kind} field is ${to}, with no safe conversion. ` +
    `Keep the kind; or add a new field of the new kind, copy the values into it yourself, then remove this one (its column is kept as data).`,
  migrationValuesNotDeclared: (subject: string, n: number, sample: string) =>
    `${subject}: ${n} row(s) hold values that are not among its values (${sample}). Change them in the database, or declare those values.`,
  migrationNowRequired: (subject: string, n: number) =>
    `${subject} is now required but ${n} row(s) have no value: fill them in, declare a 'backfill' for them, or keep the field optional.`,
  migrationNewRequired: (subject: string, n: number) =>
    `${subject} is a new required field and the table has ${n} row(s): declare a 'default' or a 'backfill' for them, or make the field optional.`,
  migrationUniqueBroken: (table: string, rule: string, fields: readonly string[], n: number, samples: readonly string[]) =>
    `${table}: unique rule '${rule}' (${fields.join(', ')}) is broken by ${n} duplicated value(s): ` +
    `${samples.map((v) => `(${v})`).join(', ')}. Make them distinct, or drop the rule.`,
  migrationDanglingRefs: (subject: string, n: number, ref: string, ids: readonly string[]) =>
    `${subject}: ${n} row(s) point at ${ref} objects that do not exist (ids ${ids.join(', ')}). Clear or correct them, or keep the field as it was.`,
  // Removed fields (docs/INTEGRATOR.md, "Removing a field"): no value disappears or comes back without a word
  migrationFieldVanished: (table: string, gone: string, added: string, n: number) =>
    `${table}: the field '${gone}' is gone, its column holding ${n} value(s), and '${added}' of the same kind is new. ` +
    `If it was renamed, declare renamedFrom: '${gone}' on '${added}'; if not, declare removed: ['${gone}'] on the category (its values are deleted).`,
  migrationFieldKept: (table: string, column: string, n: number) =>
    `${table}.${column} is no longer declared: its column and its ${n} value(s) are kept as data, out of the API. ` +
    `Declare removed: ['${column}'] on the category to delete them at the next start (or npm run db -- sql "ALTER TABLE ${table} DROP COLUMN ${column}").`,
  migrationKeptColumnDeclared: (subject: string, n: number) =>
    `${subject} is declared again over the column kept from its removal, holding ${n} value(s): ` +
    `declare formerValues: 'reuse' to take them back, or formerValues: 'purge' to start empty.`,
  schemaRemovedDeclared: (name: string) => `'removed' names '${name}', which is a declared field`,
  migrationCategoryGone: (table: string, n: number) =>
    `The table ${table} belongs to no declared category any more: its ${n} row(s) are kept as data, out of the API, and its references ` +
    `to other objects are dropped, so that those can be deleted. Drop it (npm run db -- sql "DROP TABLE ${table}") if its rows are not needed.`,
  schemaLookalikeKeyDeclared: (field: string, key: string) =>
    `'${key}' is the column of the look-alike key of '${field}' (declared lookalike, in a unique rule): give this field another name`,
  // A rule made stricter than the stored values (server/db/tightenedRules.ts): reported, the values kept
  migrationRuleBroken: (subject: string, n: number, rules: string, sampleId: number) =>
    `${subject}: ${n} row(s) break its rule (${rules}), for example id ${sampleId}: such an object cannot be saved until that value is corrected.`,
  ruleMaxLength: (n: number) => `at most ${n} characters`,
  ruleRequired: 'required',
  ruleMinLength: (n: number) => `at least ${n} characters`,
  ruleMin: (n: number) => `at least ${n}`,
  ruleMax: (n: number) => `at most ${n}`,
  ruleEmail: 'an e-mail address',
  ruleSchemes: (schemes: readonly string[]) => `${schemes.join(' or ')} only`,

  // Label downloads and custom templates (server/labels/, docs/LABELS.md)
  labelUnknownKey: (key: string, line: number, column: number, keys: readonly string[]) =>
    `Unknown key '${key}' at line ${line}, column ${column}. The keys are: ${keys.join(', ')}.`,
  labelBadDollar: (line: number, column: number) =>
    `Invalid placeholder at line ${line}, column ${column}: '$' must be followed by a key, by '{key}', or by another '$' (write '$$' for a '$').`,
  labelUnclosedBrace: (line: number, column: number) =>
    `Invalid placeholder at line ${line}, column ${column}: '\${' must be followed by a key and a closing '}'.`,
  labelTemplateNotText: 'template_str must be a string.',
  labelTemplateTooLarge: (maxBytes: number) => `The template is larger than ${maxBytes / 1024} KiB.`,
  labelResultTooLarge: (maxChars: number) => `The label would be larger than ${maxChars / (1024 * 1024)} MiB after key substitution.`,
  labelNotSvg: (reason: string) => `The template does not become a well-formed SVG document after key substitution: ${reason}`,
  labelRootNotSvg: (name: string, uri: string) =>
    `The root element is <${name}>${uri ? ` in the namespace ${uri}` : ' without a namespace'}; it must be <svg xmlns="http://www.w3.org/2000/svg">.`,
  labelDoctype: 'A DOCTYPE (and with it any entity declaration) is not allowed in a label template.',
  labelTooDeep: (max: number) => `A label nests elements more than ${max} deep.`,
  supportUserIsServerAdmin: (name: string) =>
    `PUCS_SUPPORT_USER names '${name}', a server administrator: choose another name for the support user, whom team admins add to their teams.`,
  supportUserLookalike: (name: string, existing: string) =>
    `PUCS_SUPPORT_USER names '${name}', which looks like the existing user '${existing}': set PUCS_SUPPORT_USER to '${existing}' if that is the support user, or choose a name that looks like no user's.`,
  labelProcessingInstruction: (target: string) => `The processing instruction <?${target} ...?> is not allowed in a label template.`,
  labelNoQrCode: "This device has no QR code yet: an admin of the device's team generates it (Generate QR code) before its label can be made.",
  labelSheetIds: (max: number) => `device_ids must be a list of 1 to ${max} device ids.`,

  // Script chunks (src/lazyChunk.tsx)
  chunkTimedOut: (seconds: number) => `This part of the console did not load within ${seconds} s. Check the connection, then retry.`,
  chunkLoadFailed: 'This part of the console could not be loaded. Check the connection, then retry.',
  retry: 'Retry',

  // The server out of reach (src/dataProvider/reachability.ts, src/custom/offline/)
  serverUnreachable: 'The server cannot be reached.',
  serverUnreachableKept: 'What the page shows was read before; it updates by itself once the server answers again.',
  /**
   * A save, delete or other change that failed for it: what the user typed is still in the form.
   * Only this call is known not to have arrived (an action of several calls may have made earlier ones).
   */
  serverUnreachableNotChanged: 'The server cannot be reached: this change did not reach it. What you entered is kept; try again once the server answers.',
  /** A change passed on by a proxy that the server did not answer in time (a 504): it may have been made. */
  serverUnreachableMaybeChanged:
    'The server did not answer in time: the change may have been made or not. What you entered is kept; check, then try again if needed.',
  /** A list whose read failed for another reason (the error itself is said in the page's error message). */
  listReadFailed: 'The list could not be read.',

  // Labels (src/resources/device/LabelPanel.tsx, PrintLabelsButton.tsx)
  label: 'Label',
  labelAdvanced: 'Advanced settings',
  labelTranslateX: 'X translation (inches)',
  labelTranslateY: 'Y translation (inches)',
  labelCustomTemplate: 'Custom label template',
  labelTemplate: 'Template',
  downloadDetailedLabel: 'Detailed label',
  downloadModelLabel: 'Model label',
  downloadCustomLabel: 'Custom label',
  labelPreviewAlt: 'Label preview',
  printLabels: 'Print labels',
  printLabelsProgress: (done: number, total: number) => `Preparing sheet ${done} of ${total}…`,
  labelSheetAlt: (n: number) => `Label sheet ${n}`,

  // SHA3-256 of a chosen file (src/resources/firmware/hashFile.ts)
  hashCancelled: 'Computing the file\'s SHA3-256 was cancelled.',
  hashFileUnreadable: (reason: string) => `The file could not be read to compute its SHA3-256 (${reason}). Choose it again.`,
  hashWorkerFailed: 'The SHA3-256 of the file could not be computed: the hashing script did not start. Reload the page and try again.',

  // Claiming a device (server/claim/); claimCodeRequired is with the console's claim words below
  claimNotPending: 'This device has already been claimed, or it is not waiting to be claimed.',
  claimTooManyAttempts: 'Too many wrong claim codes. Please wait and try again.',
  claimSameTeam: 'The device is already in this team.',

  // QR codes and the public QR page (server/qr/, src/resources/device/QrCodePanel.tsx, src/custom/PublicQrPage.tsx)
  /** A request whose Host header names no possible origin: QR links and labels cannot point to it (server/qr/routes.ts). */
  impossibleHost: 'The request names an impossible host (its Host header): no QR link can point to it.',
  tooManyRequests: 'Too many requests. Please wait and try again.',
  qrCode: 'QR code',
  generateQr: 'Generate QR code',
  regenerateQr: 'Regenerate QR code',
  regenerateQrConfirm: 'A new QR code replaces this one: printed labels with the old code stop working. Continue?',
  qrImageAlt: (url: string) => `QR code of ${url}`,
  qrWaitingToBeClaimed: 'This device is waiting to be claimed.',
  qrLabelAlt: 'Device label',
  qrProvisioning: 'Provisioning information',
  qrFullInformation: 'Full device information (you may not have access)',
  qrContact: 'Contact',
  qrDevice: 'Device',
  qrDeviceName: 'Name',
  qrDeviceType: 'Type',
  qrDeviceTeam: 'Team',
  qrShowRawJson: 'Show the raw JSON',
  qrHideRawJson: 'Hide the raw JSON',
  // An empty text, object or list in a JSON value read as keys and values (src/entry/Facts.tsx).
  jsonEmpty: '(empty)',

  // Claiming (src/resources/device/ClaimStatusPanel.tsx, src/custom/claim/)
  claimStatus: 'Claim status',
  notWaitingToBeClaimed: 'Not waiting to be claimed.',
  setToBeClaimed: 'Set to be claimed',
  newClaimCode: 'New claim code',
  newClaimCodeConfirm: 'A new claim code replaces the current one, which stops working. Continue?',
  unsetToBeClaimed: 'Unset to be claimed',
  unsetToBeClaimedConfirm: 'The device will no longer wait to be claimed and its claim code stops working. Continue?',
  claimCode: 'Claim code',
  claimCodeShownOnce: 'Note this code now: it is shown only once. Give it with the device to whoever claims it.',
  copyClaimCode: 'Copy the claim code',
  copyClaimCodeByHand: 'The browser did not let the console copy the claim code. Copy it from here:',
  claimCodeRequired: 'The claim code can not be empty.',
  checkClaimCode: 'Check the code',
  claimTheDevice: 'Claim the device',
  claimedDevice: 'Device',
  claimedType: 'Type',
  claimedUid: 'Unique ID',
  claimedTeam: 'Current team',
  claimedTargetFirmware: 'Target firmware',
  claimIntoTeam: 'Team',
  copyFirmwareOption: 'Copy the firmware into the team',
  addSupportUserOption: 'Add the support user to the team',
  addSupportUserHelp: "The vendor's support account gets access to your team (as a user), so that support can see your devices and help with them.",
  claimAdvanced: 'Advanced: what a claim keeps and copies',
  claimAdvancedOff: "Left empty, the type is the device's own (the team's type of the same name, else a copy); the device joins no group; with 'Copy the firmware into the team', its target firmware (file included) is copied into the team and stays its target.",
  claimedGroup: 'Group',
  claimTypeKept: "Left empty: the device's type (the team's type of the same name, else a copy).",
  claimFirmwareOfGroup: "A device in a group has the group's target firmware.",
  claimSubmit: 'Claim',
  noAdminTeams: 'You are not an administrator of any team, and a device can only be claimed into a team you administer.',
  noAdminTeamsHelp: (teams: string) => `Ask an administrator of a team to make you an administrator, or create a team in ${teams} (you become its administrator).`,
  openTeams: (teams: string) => `Open ${teams}`,
  claimedInto: (device: string, team: string) => `The device ${device} is now in the team ${team}.`,
  openClaimedDevice: 'Open the device page',
  // Spec section 8, console-only: the server copies the device's type, and a device without one gets none.
  claimNoTypeFound: 'Claim: no type was chosen and the device has none, so no type was found or created in the team.',
  // A device's configuration on its form (src/resources/device/Config*.tsx)
  notConfigured: 'Not configured yet.',
  noConfiguration: 'No configuration yet.',
  useProductConfig: "Use the product's configuration",
  useDeviceConfig: "Use the device's configuration",
  deviceLastConfig: 'Configuration last reported by the device',
  // Spec section 8, console-only: the conflicting configuration does not parse (its raw text is shown).
  conflictConfigNotJson: (id: number) => `The configuration ${id} reported by the device is not valid JSON; its raw text is shown.`,
  compareByKey: 'Key by key',
  compareColumns: { key: 'Key', base: 'Last synchronized', product: 'Product', device: 'Device', take: 'Take from' },
  takeKeyFrom: (key: string) => `Take '${key}' from`,
  keyAbsent: '(absent)',
  notComparableByKey: "The product's and the device's configurations are not both JSON objects: they cannot be compared key by key.",
  useChosenValues: 'Use the chosen values',
  noConfigHistory: 'No configuration recorded yet.',
  configSources: { user: 'PUCS user', device: 'Device' } as Readonly<Record<string, string>>,
  configHistoryItem: (id: number, source: string) => `Configuration ${id} (${source})`,
  viewConfig: 'View',
  viewConfigOf: (id: number) => `View configuration ${id}`,
  configTitle: (id: number) => `Configuration ${id}`,
  // Configuration sync and the device API (server/categories/device.ts, server/deviceApi/, docs/DEVICE_API.md)
  // Spec sections 2 and 4: 'waiting to be sent' (waiting_to_be_send), read the same on the chip, the table, its filter and the dashboard.
  configStateLabels: { synchronized: 'Synchronized', waiting_to_be_send: 'Waiting to be sent', conflict: 'Conflict' },
  /** Spec section 4's gloss of the states that ask something of the user, on hover over the device's state chip. */
  configStateHints: {
    waiting_to_be_send: 'Not yet sent to the device.',
    conflict: 'The device and a PUCS user changed the configuration differently.',
  } as Readonly<Record<string, string>>,
  configStateNotAllowed: (sent: string, computed: string | null) =>
    `The configuration state cannot be set to ${sent} here: this change makes it ${computed ?? 'empty (no configuration)'}.`,
  deviceUnauthorized: 'The device token is missing or invalid: send Authorization: Bearer <JWT> signed ES256 with the device key.',

  // Bulk actions on a table's selected rows (src/resources/list/, the device's in src/resources/device/bulk*)
  /**
   * '1 device', '12 devices': a category's names as its schema declares them (src/schemas/), the
   * plural being the list title's ('Devices'), its first letter lowered.
   */
  countOf: (n: number, names: { readonly singular: string; readonly plural: string }) =>
    `${n.toLocaleString('en-GB')} ${n === 1 ? names.singular : `${names.plural.charAt(0).toLowerCase()}${names.plural.slice(1)}`}`,
  selectAllMatching: (n: number) => `Select all ${n.toLocaleString('en-GB')} matching`,
  allMatchingSelected: (n: number) => `All ${n.toLocaleString('en-GB')} matching selected`,
  selectionCut: (shown: number, total: number) =>
    `Only the first ${shown.toLocaleString('en-GB')} of the ${total.toLocaleString('en-GB')} matching are selected: the server reads at most ${shown.toLocaleString('en-GB')} at once. Narrow the filters to act on the rest.`,
  bulkProgress: (done: number, total: number) => `${done.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} done`,
  /** 'a', 'a and b', 'a, b and c'. */
  andList: (items: readonly string[]) => (items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`),
  bulkAllDone: (total: number) => `Done: ${total.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')}.`,
  bulkStopped: (name: string, reason: string, done: number, total: number) =>
    `Stopped at '${name}': ${reason}\n${done.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} done; the other ${(total - done).toLocaleString('en-GB')} were not changed.`,
  /** A batch refused: the server's reason names the object; the batch and the ones after it unchanged. */
  batchStopped: (reason: string, done: number, total: number) =>
    `Stopped: ${reason}\n${done.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} done; the other ${(total - done).toLocaleString('en-GB')} were not changed.`,
  bulkReading: 'Reading the selected rows…',
  exportSelected: 'Export selected',
  deleteSelected: 'Delete',
  willBeDeleted: (count: string) => `${count} will be deleted. This cannot be undone.`,
  moveToGroup: 'Move to group...',
  setTargetFirmware: 'Set target firmware...',
  willLeave: (count: string, group: string) => `${count} will leave ${group}`,
  willJoin: (count: string, group: string) => `${count} will join ${group}`,
  alreadyIn: (count: string, group: string) => `${count} already in ${group}: unchanged`,
  /** 'Move to group...' can take the devices out of their group. */
  noGroupChoice: 'No group',
  alreadyInNoGroup: (count: string) => `${count} in no group: unchanged`,
  leavingGroups: (count: string) => `Taking ${count} out of their groups`,
  /** Spec section 4, 'Group choice': a device joining a group takes the group's target firmware instead of its own. */
  loseOwnFirmware: (count: string, firmware: string) => `${count} will lose their own target firmware for the group's: ${firmware}`,
  loseOwnFirmwareToNone: (count: string) => `${count} will lose their own target firmware: the group has none`,
  newGroupChoice: 'New group...',
  /** A change of a field others follow (a group's target firmware, its devices'): how many it reaches. */
  followersAffected: (label: string, count: string, owner: string) => `This changes the ${label.toLowerCase()} of ${count} in this ${owner} too.`,
  willGetFirmware: (count: string, firmware: string) => `${count} will get the target firmware ${firmware}`,
  severalTypesSelected: (types: number) => `The selected devices are of ${types} types: select devices of one type (a group and a firmware are of one type).`,
  severalTeamsSelected: (teams: number) => `The selected devices are in ${teams} teams: select devices of one team.`,
  /** After the spec's refusal: which selected devices are in a group ('Dev 1, Dev 2 and 3 more'). */
  inGroupDevices: (names: readonly string[], total: number) =>
    `In a group: ${names.join(', ')}${total > names.length ? ` and ${(total - names.length).toLocaleString('en-GB')} more` : ''}.`,
  noChoices: 'Nothing to choose: none fits the selected devices.',
  moveAction: 'Move',
  setAction: 'Set',
  /** The Add devices dialog: chosen devices in another group leave it. */
  leaveOtherGroups: (names: readonly string[], more: number) =>
    `Currently in another group, will leave it: ${names.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-GB')} more` : ''}`,
  // The batch calls (server/batch/): the first refusal names its object, the whole batch unchanged.
  batchObjectNamed: (title: string, name: string, id: number) => `${title} '${name}' (id ${id})`,
  batchObjectId: (title: string, id: number) => `${title} ${id}`,
  batchRefused: (object: string, reason: string) => `${object}: ${reason}`,
  batchIds: (max: number) => `'ids' must be a list of 1 to ${max.toLocaleString('en-GB')} object ids, each once: send a longer selection in several batches.`,
  /** A device named with the group it is in: 'Dev 1 (North)'. */
  deviceInGroup: (device: string, group: string) => `${device} (${group})`,
  // API tokens (issue 29 item 2): server refusals, then the profile page's section.
  tokenExpiresInDays: (max: number) => `'expires_in_days' must be a whole number of days from 1 to ${max}.`,
  tokenTeamIds: "'team_ids' must be a list of the ids of your teams, or left out for all of them.",
  tokenReadOnly: 'This API token is read-only: it cannot change anything.',
  tokenCannotManageTokens: 'API tokens are made, listed and revoked by a signed-in user, not with a token.',
  tokenLimitedToTeams: 'This API token is limited to some of your teams: it cannot create a team.',
  tokenCannotManageAccounts: 'An API token cannot create, change or delete users, make sign-in links or change team members: sign in to the console to do it.',
  profilePage: 'Profile',
  apiTokens: 'API tokens',
  apiTokensText: 'A token lets a script or a build pipeline call the API as you, sent in the header Authorization: Bearer <token> (docs/API.md shows how).',
  noApiTokens: 'No API tokens yet.',
  newApiToken: 'New token',
  tokenName: 'Name',
  tokenDays: 'Expires in (days)',
  tokenTeams: 'Teams',
  tokenAllTeams: 'All my teams',
  tokenReadOnlyLabel: 'Read-only',
  tokenExpires: 'Expires',
  tokenLastUsed: 'Last used',
  tokenNeverUsed: 'Never',
  tokenExpired: 'Expired',
  tokenMade: (name: string) => `Token '${name}' made.`,
  tokenRevoked: (name: string) => `Token '${name}' revoked.`,
  makeToken: 'Make token',
  revokeToken: 'Revoke',
  revokeTokenConfirm: (name: string) => `Revoke the token '${name}'? Calls with it stop working at once.`,
  tokenShownOnce: 'Copy the token now: it is shown only this once.',
  copyToken: 'Copy the token',
  copyTokenByHand: 'The browser did not let the console copy the token. Copy it from here:',
  // The audit log (server/audit/, the Audit page).
  auditAdminsOnly: 'Only team administrators and server administrators can read the audit log.',
  auditFilterInvalid: (key: string) =>
    key === 'from' || key === 'to' ? `The audit filter '${key}' must be a date or a date and time (ISO 8601).` : key.endsWith('_id') ? `The audit filter '${key}' must be an id.` : `The audit filter '${key}' must be a text of at most 64 characters.`,
  auditMenu: 'Audit',
  auditTitle: 'Audit log',
  auditHistory: 'History',
  auditWhen: 'When',
  auditWho: 'Who',
  auditTeam: 'Team',
  auditCategory: 'Category',
  auditObject: 'Object',
  auditObjectId: 'Object id',
  auditUserId: 'User id',
  auditAction: 'Action',
  auditChanges: 'Changes',
  auditFrom: 'From',
  auditTo: 'To',
  auditAllCategories: 'All categories',
  auditNoEntries: 'No entries match.',
  auditSecretChanged: 'changed (secret)',
  auditByDevice: (id: number) => `device ${id}`,
  auditByToken: (username: string, tokenId: number) => `${username} (token ${tokenId})`,
  auditNobody: 'nobody signed in',
  auditPruneFailed: (reason: string) => `Removing old audit entries failed (tried again in an hour): ${reason}`,
  auditFilterUnknown: (key: string, known: readonly string[]) => `Unknown audit filter '${key}': use ${known.join(', ')}.`,
  // Users in the console, for server administrators (issue 29, item 1): server/auth/invitations.ts,
  // server/categories/userChanges.ts, src/resources/user/, src/entry/InvitationPage.tsx.
  invitationUnknown: 'This invitation link is unknown, already used or expired. Ask a server administrator for a new link.',
  accountDeactivated: 'This account is deactivated. Ask a server administrator to activate it again.',
  lastServerAdminKept: 'The last active server administrator cannot be deactivated or lose the role: make another user server administrator first.',
  joinTeamUnknown: "There is no team with this id ('join_team_id').",
  joinRoleNeedsTeam: "A role ('join_role_id') is given with the team the new user joins ('join_team_id').",
  joinRoleInvalid: "The role of the new user in the team ('join_role_id') must be 1 (member), 2 (team lead) or 3 (admin).",
  joinOnCreateOnly: 'A team to join is given when the user is created only: add members to a team on its page.',
  usersTitle: 'Users',
  newUser: 'New user',
  newUserHelp: 'The new user chooses their own password from a one-time link that you send them.',
  userActive: 'Active',
  userServerAdmin: 'Server administrator',
  userLastSignIn: 'Last sign-in',
  neverSignedIn: 'Never',
  newInvitationLink: 'New link',
  newInvitationLinkConfirm: (name: string) => `Make a new sign-in link for '${name}'? Their current password and any earlier link stop working, and they are signed out.`,
  invitationLinkFor: (name: string, until: string) => `Send this link to ${name}: it works once, until ${until}, to choose a password. It is not shown again.`,
  copyLink: 'Copy',
  linkCopied: 'Copied',
  createUserAction: 'Create',
  closeAction: 'Close',
  noUsersFound: 'No user matches.',
  invitationTitle: 'Choose your password',
  invitationIntro: (product: string) => `You have been invited to ${product}. Choose the password you will sign in with.`,
  passwordRepeat: 'Repeat the password',
  passwordsDiffer: 'The passwords differ.',
  invitationSubmit: 'Set password and sign in',
  invitationMissing: 'This address holds no invitation. Open the whole link you were sent, or ask a server administrator for a new one.',
  cliServerHoldsUsers: (dir: string, pid: number) =>
    `The embedded database in ${dir} is held by the running PUCS server (pid ${pid}), so this command cannot change it. ` +
    'Do it through that server instead: sign in to the console as a server administrator and open Users ' +
    '(New user gives a one-time link where the person chooses their password; New link replaces a forgotten password), ' +
    'or call POST /api/user and POST /api/user_invitation/{id} (docs/API.md). With DATABASE_URL set (PostgreSQL), this command works while the server runs.',
  // npm run db (server/cli/db.ts): SQL on the database, to inspect and mend it
  cliDbUsage:
    'Usage: npm run db -- sql "STATEMENT" (one statement, in a transaction: an error changes nothing) | ' +
    'npm run db -- query "STATEMENT" (read only, the same as sql --read-only: nothing can change). ' +
    "It opens PUCS_DATA_DIR's embedded database with the server stopped, or DATABASE_URL's PostgreSQL; it never migrates.",
  cliDbRows: (n: number) => `(${n} row(s))`,
  cliDbDone: 'Done (no rows returned).',
  cliDbFailed: (reason: string) => `${reason}. Nothing was changed.`,
  cliNoEmbeddedDatabase: (dir: string) =>
    `There is no embedded database in ${dir}: start the server once (npm start), or set PUCS_DATA_DIR to the folder that holds it.`,
  cliServerHoldsDatabase: (dir: string, pid: number) =>
    `The embedded database in ${dir} is held by the running PUCS server (pid ${pid}), so this command cannot open it. ` +
    'Stop the server (Ctrl+C where it runs), run the command again, then start the server. ' +
    'With DATABASE_URL set (PostgreSQL), this command works while the server runs.',
} as const;
