/**
 * The demo fleet, as data: three teams, two device types each, with their firmwares and groups.
 * seed.ts turns it into rows. Names follow the spec's name rule (letters, digits, space, _ . -).
 */

export interface CustomFieldDef {
  name: string;
  /** 0 string, 1 boolean, 2 integer (spec section 3). */
  type: 0 | 1 | 2;
  value: string | boolean | number;
}

export interface DemoType {
  name: string;
  nameOfUid: string;
  /** uid_for_type of the n-th device of the type (unique per type). */
  uid: (n: number) => string;
  customFields: CustomFieldDef[];
  /** Value of each custom field for the n-th device. */
  fieldValue: (field: CustomFieldDef, n: number) => string | boolean | number;
  firmwareName: string;
  /** Oldest first; the last one is a pre-release, the one before it the stable target. */
  versions: string[];
  /** [stable group, pilot group on the pre-release] */
  groups: [string, string];
}

export interface DemoTeam {
  name: string;
  types: DemoType[];
}

export const DEMO_DEVICES = 2000;

/**
 * The live demo's rollout (live.ts, liveRollout.ts): the first team's first type's pre-release to its
 * live devices, in the default phases, a share of the devices after the first phase failing their
 * update. That share is at least the threshold, so some phase reaches it: the rollout pauses itself.
 */
export const DEMO_ROLLOUT = { name: 'Pre-release to the live sensors', failPercent: 30 };

const hex = (n: number, width: number) => n.toString(16).toUpperCase().padStart(width, '0');
const pad = (n: number, width: number) => String(n).padStart(width, '0');

const defaultValue = (f: CustomFieldDef, n: number) =>
  f.type === 1 ? n % 2 === 0 : f.type === 2 ? Number(f.value) + (n % 7) * 5 : `${f.value} ${(n % 12) + 1}`;

export const DEMO_TEAMS: DemoTeam[] = [
  {
    name: 'Demo Greenhouses',
    types: [
      {
        name: 'Climate sensor',
        nameOfUid: 'Serial number',
        uid: (n) => `CS-${pad(100_000 + n, 6)}`,
        customFields: [
          { name: 'location', type: 0, value: 'Row' },
          { name: 'heated_zone', type: 1, value: false },
          { name: 'sampling_period_s', type: 2, value: 60 },
        ],
        fieldValue: defaultValue,
        firmwareName: 'climate-fw',
        versions: ['1.0.0', '1.1.0', '1.2.0', '2.0.0-beta.1'],
        groups: ['Greenhouse North', 'Pilot greenhouse'],
      },
      {
        name: 'Irrigation valve',
        nameOfUid: 'MAC address',
        uid: (n) => `02:00:5E:${hex(n >> 16, 2)}:${hex((n >> 8) & 0xff, 2)}:${hex(n & 0xff, 2)}`,
        customFields: [
          { name: 'flow_limit_l_min', type: 2, value: 20 },
          { name: 'frost_protection', type: 1, value: true },
        ],
        fieldValue: defaultValue,
        firmwareName: 'valve-fw',
        versions: ['0.9.0', '1.0.0', '1.1.0-rc.1'],
        groups: ['Irrigation line A', 'Pilot line'],
      },
    ],
  },
  {
    name: 'Demo Weather stations',
    types: [
      {
        name: 'Weather station',
        nameOfUid: 'Station code',
        uid: (n) => `WS${pad(n, 5)}`,
        customFields: [
          { name: 'altitude_m', type: 2, value: 120 },
          { name: 'site', type: 0, value: 'Site' },
        ],
        fieldValue: defaultValue,
        firmwareName: 'station-os',
        versions: ['3.0.0', '3.1.0', '3.2.0', '4.0.0-alpha.2'],
        groups: ['Coastal stations', 'Mountain pilot'],
      },
      {
        name: 'Rain gauge',
        nameOfUid: 'Serial number',
        uid: (n) => `RG-${pad(n, 6)}`,
        customFields: [{ name: 'heated_funnel', type: 1, value: false }],
        fieldValue: defaultValue,
        firmwareName: 'gauge-fw',
        versions: ['1.0.0', '1.0.1', '1.1.0-beta.3'],
        groups: ['Rain gauges', 'Rain gauges pilot'],
      },
    ],
  },
  {
    name: 'Demo Smart meters',
    types: [
      {
        name: 'Power meter',
        nameOfUid: 'Meter number',
        uid: (n) => `PM${pad(70_000_000 + n, 8)}`,
        customFields: [
          { name: 'phases', type: 2, value: 1 },
          { name: 'tariff', type: 0, value: 'Tariff' },
        ],
        fieldValue: defaultValue,
        firmwareName: 'meter-fw',
        versions: ['2.3.0', '2.4.0', '2.4.1', '2.5.0-rc.1'],
        groups: ['Residential', 'Pilot district'],
      },
      {
        name: 'LTE gateway',
        nameOfUid: 'IMEI',
        uid: (n) => `35${pad(1_000_000_000_000 + n, 13)}`,
        customFields: [{ name: 'apn', type: 0, value: 'iot.example' }],
        fieldValue: (f, n) => (n % 4 === 0 ? 'iot.backup' : f.value),
        firmwareName: 'gateway-os',
        versions: ['5.0.0', '5.1.0', '6.0.0-beta.1'],
        groups: ['Gateways', 'Gateway pilot'],
      },
    ],
  },
];

export const DEMO_DOCUMENTS = [
  {
    name: 'Installation guide',
    doc_type: 'text',
    target_class: 'type',
    content: 'Mount the device, power it, and scan its QR label to claim it into your team.',
  },
  { name: 'Safety instructions', doc_type: 'text', target_class: 'device', content: 'Disconnect power before opening the case.' },
  { name: 'Vendor website', doc_type: 'link', target_class: 'other', content: 'https://example.com/pucs-demo' },
] as const;
