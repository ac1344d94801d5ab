/**
 * Label downloads through the API (spec sections 2, 5, 7; docs/LABELS.md): the model, detailed and
 * custom labels and the A4 sheet are well-formed SVG of the right size, with the QR code of the
 * device's /qr link as paths and the device's texts escaped; reads for team members only.
 */
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LABEL_TEMPLATE, LABEL_KEYS, labelPath, labelQuery } from '../../src/custom/labels';
import { messages, ownMessages } from '../../src/messages';
import { adminWithTeam, api, createTestApp, description, expectError, memberOf, ROLE, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';
import { allElements, attribute, parseXml, texts, type XmlElement } from '../unit/labelSvgTree';

const SVG_NS = 'http://www.w3.org/2000/svg';
const UID = 'a<b>&"c $name';
let t: TestApp;
let admin: Client;
let member: Client;
let team: number;
let typeId: number;
let deviceId: number;
let qr: string;

const url = (kind: 'model' | 'detailed' | 'custom', id: number, query?: Record<string, string>) =>
  `/api${labelPath(kind, id)}${query ? `?${new URLSearchParams(query)}` : ''}`;
const custom = (client: Client, body: unknown, id = deviceId) => client.post(url('custom', id), body);

/** The QR code the label must carry: the device's /qr link on the public origin, as the qrcode package draws it. */
async function expectedQrPath(qrId: string): Promise<string> {
  const svg = await QRCode.toString(`https://pucs.example/qr?id=${qrId}`, { type: 'svg', errorCorrectionLevel: 'M', margin: 0 });
  return /<path stroke="#000000" d="([^"]+)"/.exec(svg)![1];
}
const qrPaths = (root: XmlElement) => allElements(root).filter((e) => e.local === 'path').map((e) => attribute(e, 'd'));

function svgAnswer(res: { statusCode: number; body: string; headers: Record<string, unknown> }, file: string): XmlElement {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${file}"`);
  expect(res.headers['cache-control']).toBe('no-store');
  const root = parseXml(res.body);
  expect([root.uri, root.local]).toEqual([SVG_NS, 'svg']);
  return root;
}

/** The label's content as placed in the document: the nested <svg> carrying the translation. */
const placed = (root: XmlElement) => root.children[0];

beforeAll(async () => {
  t = await createTestApp({ PUCS_PUBLIC_URL: 'https://pucs.example/' });
  ({ client: admin, teamId: team } = await adminWithTeam(t, 'labeladmin', 'Greenhouse & Co'));
  member = await memberOf(t, 'labelmember', [team], ROLE.USER);
  typeId = (await createOk(admin, 'type', { name: 'board', team_id: team, name_of_uid: 'Serial' })).id as number;
  deviceId = (await createOk(admin, 'device', { name: 'd1', team_id: team, type_id: typeId, uid_for_type: UID })).id as number;
  qr = ((await admin.post(`/api/device_qr_code/${deviceId}`)).json() as { id: string }).id;
});
afterAll(() => t.close());

describe('the detailed and model labels', () => {
  it('detailed: 55 mm x 23 mm, the QR code of the /qr link as paths, name, type, uid under name_of_uid and team, escaped', async () => {
    const res = await member.get(url('detailed', deviceId));
    const root = svgAnswer(res, 'label-d1.svg');
    expect([attribute(root, 'width'), attribute(root, 'height')]).toEqual(['55mm', '23mm']);
    expect(texts(root)).toEqual(['d1', 'board', `Serial: ${UID}`, 'Greenhouse & Co']);
    expect(res.body).toContain('Serial: a&lt;b&gt;&amp;&quot;c $name');
    expect(qrPaths(root)).toContain(await expectedQrPath(qr));
    expect(allElements(root).some((e) => e.local === 'image')).toBe(false);
  });

  it("model: the type's name and the QR code only", async () => {
    const root = svgAnswer(await member.get(url('model', deviceId)), 'model-label-d1.svg');
    expect([attribute(root, 'width'), attribute(root, 'height')]).toEqual(['55mm', '23mm']);
    expect(texts(root)).toEqual(['board']);
    expect(qrPaths(root)).toContain(await expectedQrPath(qr));
  });

  it('moves the content by the translation, 25.4 mm per inch; anything not a number is 0', async () => {
    const moved = placed(svgAnswer(await member.get(url('detailed', deviceId, labelQuery(1, -0.5))), 'label-d1.svg'));
    expect([attribute(moved, 'x'), attribute(moved, 'y')]).toEqual(['25.4mm', '-12.7mm']);
    expect([attribute(moved, 'width'), attribute(moved, 'height'), attribute(moved, 'viewBox')]).toEqual(['55mm', '23mm', '0 0 55 23']);
    for (const bad of ['abc', '', 'Infinity', '1e999', '0x']) {
      const still = placed(svgAnswer(await member.get(url('model', deviceId, { translate_x_in: bad, translate_y_in: bad })), 'model-label-d1.svg'));
      expect([attribute(still, 'x'), attribute(still, 'y')], bad).toEqual(['0mm', '0mm']);
    }
  });

  it('is the public QR info label', async () => {
    const info = (await t.app.inject({ method: 'GET', url: `/api/execute_qr_code_action/${qr}`, remoteAddress: '10.9.0.1' })).json() as { label_svg_image: string };
    expect(info.label_svg_image).toBe((await member.get(url('detailed', deviceId))).body);
  });

  it('is unknown (404) to another team, to a non-member and for an unknown id; 401 signed out', async () => {
    const { client: stranger, teamId: other } = await adminWithTeam(t, 'labelstranger');
    const theirType = (await createOk(stranger, 'type', { name: 'board', team_id: other })).id as number;
    const theirs = (await createOk(stranger, 'device', { name: 'd1', team_id: other, type_id: theirType, uid_for_type: 'x' })).id as number;
    for (const kind of ['model', 'detailed'] as const) {
      await expectError(stranger.get(url(kind, deviceId)), 404, ownMessages.notFound);
      await expectError(admin.get(url(kind, theirs)), 404, ownMessages.notFound);
      await expectError(admin.get(url(kind, 999999)), 404, ownMessages.notFound);
      await expectError(admin.get(url(kind, 'abc' as unknown as number)), 404, ownMessages.notFound);
      expect((await api(t.app).get(url(kind, deviceId))).statusCode).toBe(401);
    }
    await expectError(custom(stranger, { template_str: DEFAULT_LABEL_TEMPLATE }), 404, ownMessages.notFound);
  });

  it('a device without a QR code: reading its label makes none (409 for everyone); the sheet makes one for a team admin', async () => {
    const bare = (await createOk(admin, 'device', { name: 'bare', team_id: team, type_id: typeId, uid_for_type: 'bare' })).id as number;
    for (const caller of [admin, member]) {
      await expectError(caller.get(url('detailed', bare)), 409, ownMessages.labelNoQrCode);
      await expectError(caller.get(url('model', bare)), 409, ownMessages.labelNoQrCode);
      await expectError(custom(caller, { template_str: DEFAULT_LABEL_TEMPLATE }, bare), 409, ownMessages.labelNoQrCode);
    }
    await expectError(admin.get(`/api/device_qr_code/${bare}`), 404, ownMessages.notFound);
    await expectError(member.post('/api/download/label_sheet', { device_ids: [bare] }), 409, ownMessages.labelNoQrCode);
    await expectError(admin.get(`/api/device_qr_code/${bare}`), 404, ownMessages.notFound);
    expect((await admin.post('/api/download/label_sheet', { device_ids: [bare] })).statusCode).toBe(200);
    const made = ((await admin.get(`/api/device_qr_code/${bare}`)).json() as { id: string }).id;
    const root = svgAnswer(await member.get(url('detailed', bare)), 'label-bare.svg');
    expect(qrPaths(root)).toContain(await expectedQrPath(made));
  });
});

describe('the custom label', () => {
  it('renders the default template as the detailed label, with the translation', async () => {
    const root = svgAnswer(await member.post(`${url('custom', deviceId, labelQuery(0.1, 0))}`, { template_str: DEFAULT_LABEL_TEMPLATE }), 'custom-label-d1.svg');
    expect([attribute(root, 'width'), attribute(root, 'height')]).toEqual(['55mm', '23mm']);
    expect([attribute(placed(root), 'x'), attribute(placed(root), 'y')]).toEqual(['2.54mm', '0mm']);
    expect(texts(root)).toEqual(['d1', 'board', `Serial: ${UID}`, 'Greenhouse & Co']);
    expect(qrPaths(root)).toContain(await expectedQrPath(qr));
  });

  it('substitutes $key, ${key} and $$ once, every key of the list, and removes what could run or fetch', async () => {
    const keys = LABEL_KEYS.filter((k) => k !== 'qr_svg').map((k) => `<text>${k}=\${${k}}$$</text>`).join('');
    const template =
      `<svg xmlns="${SVG_NS}" width="40mm" height="20mm"><script>alert(1)</script><rect onload="alert(1)" width="1" height="1"/>` +
      `<image href="http://evil.example/x.png"/><foreignObject><p>x</p></foreignObject>${keys}<text>$name</text></svg>`;
    const res = await admin.post(url('custom', deviceId), { template_str: template });
    const root = svgAnswer(res, 'custom-label-d1.svg');
    expect([attribute(root, 'width'), attribute(root, 'height')]).toEqual(['40mm', '20mm']);
    expect(texts(root)).toEqual([
      `id=${deviceId}$`, 'name=d1$', `uid_for_type=${UID}$`, 'name_of_uid=Serial$', 'type_name=board$', 'team_name=Greenhouse & Co$',
      'group_name=$', 'firmware_name=$', 'firmware_version=$', `qr_url=https://pucs.example/qr?id=${qr}$`, 'd1',
    ]);
    const names = allElements(root).map((e) => e.local);
    expect(names).not.toContain('script');
    expect(names).not.toContain('foreignObject');
    expect(allElements(root).flatMap((e) => e.attributes.map((a) => a.local))).not.toContain('onload');
    expect(res.body).not.toContain('evil.example');
  });

  it('refuses an empty template with the spec message', async () => {
    for (const body of [{ template_str: '' }, { template_str: ' \n\t' }, {}]) {
      await expectError(custom(member, body), 400, messages.customTemplateEmpty);
    }
    await expectError(custom(member, { template_str: 5 }), 400, ownMessages.labelTemplateNotText);
  });

  it('refuses unknown keys, inherited names included, with their position', async () => {
    const svg = (inner: string) => `<svg xmlns="${SVG_NS}">\n<text>${inner}</text></svg>`;
    const cases: [string, string, number][] = [['$nam', 'nam', 7], ['$constructor', 'constructor', 7], ['ab ${__proto__}', '__proto__', 10], ['$toString', 'toString', 7], ['$name_x', 'name_x', 7]];
    for (const [inner, key, column] of cases) {
      await expectError(custom(member, { template_str: svg(inner) }), 400, ownMessages.labelUnknownKey(key, 2, column, LABEL_KEYS));
    }
  });

  it("refuses a '$' that starts no key and an unclosed '${'", async () => {
    await expectError(custom(member, { template_str: '<svg>$ </svg>' }), 400, ownMessages.labelBadDollar(1, 6));
    await expectError(custom(member, { template_str: '<svg>a\n$' }), 400, ownMessages.labelBadDollar(2, 1));
    await expectError(custom(member, { template_str: '<svg>${name</svg>' }), 400, ownMessages.labelUnclosedBrace(1, 6));
    await expectError(custom(member, { template_str: '<svg>${}</svg>' }), 400, ownMessages.labelUnclosedBrace(1, 6));
  });

  it('refuses a result that is not one SVG document, a DOCTYPE, an undefined entity and a processing instruction', async () => {
    await expectError(custom(member, { template_str: '<html/>' }), 400, ownMessages.labelRootNotSvg('html', ''));
    await expectError(custom(member, { template_str: '<svg/>' }), 400, ownMessages.labelRootNotSvg('svg', ''));
    const doctype = `<!DOCTYPE svg [<!ENTITY x "boom">]><svg xmlns="${SVG_NS}">&x;</svg>`;
    await expectError(custom(member, { template_str: doctype }), 400, ownMessages.labelDoctype);
    await expectError(custom(member, { template_str: `<?xml-stylesheet href="http://x"?><svg xmlns="${SVG_NS}"/>` }), 400, ownMessages.labelProcessingInstruction('xml-stylesheet'));
    for (const broken of [`<svg xmlns="${SVG_NS}">`, `<svg xmlns="${SVG_NS}">&x;</svg>`, `<svg xmlns="${SVG_NS}"/><svg xmlns="${SVG_NS}"/>`, 'just text']) {
      const res = await custom(member, { template_str: broken });
      expect(res.statusCode, broken).toBe(400);
      expect(description(res)).toMatch(new RegExp(`^${ownMessages.labelNotSvg('').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S`));
    }
  });

  it('refuses a template over 64 KiB (413)', async () => {
    const big = `<svg xmlns="${SVG_NS}"><desc>${'x'.repeat(64 * 1024)}</desc></svg>`;
    await expectError(custom(member, { template_str: big }), 413, ownMessages.labelTemplateTooLarge(64 * 1024));
  });
});

describe('POST /api/download/label_sheet', () => {
  const sheet = (client: Client, body: unknown) => client.post('/api/download/label_sheet', body);

  it('one A4 sheet: a grid of detailed labels, each with its own QR code, moved by the translation', async () => {
    const second = (await createOk(admin, 'device', { name: 'd2', team_id: team, type_id: typeId, uid_for_type: 'u2' })).id as number;
    const qr2 = ((await admin.post(`/api/device_qr_code/${second}`)).json() as { id: string }).id;
    const root = svgAnswer(await member.post('/api/download/label_sheet', { device_ids: [deviceId, second], translate_x_in: 0.5, translate_y_in: 'x' }), 'label-sheet.svg');
    expect([attribute(root, 'width'), attribute(root, 'height'), attribute(root, 'viewBox')]).toEqual(['210mm', '297mm', '0 0 210 297']);
    expect(attribute(placed(root), 'transform')).toBe('translate(12.7 0)');
    const cells = placed(root).children;
    expect(cells.map((c) => [attribute(c, 'width'), attribute(c, 'height')])).toEqual([['55', '23'], ['55', '23']]);
    expect(cells.map(texts)).toEqual([['d1', 'board', `Serial: ${UID}`, 'Greenhouse & Co'], ['d2', 'board', 'Serial: u2', 'Greenhouse & Co']]);
    expect(qrPaths(cells[0])).toContain(await expectedQrPath(qr));
    expect(qrPaths(cells[1])).toContain(await expectedQrPath(qr2));
  });

  it('holds 36 labels; more, none or a non-id answer 400', async () => {
    const root = svgAnswer(await sheet(member, { device_ids: Array(36).fill(deviceId) }), 'label-sheet.svg');
    expect(placed(root).children).toHaveLength(36);
    for (const device_ids of [Array(37).fill(deviceId), [], [0], ['1'], [1.5], undefined, 'x']) {
      await expectError(sheet(member, { device_ids }), 400, ownMessages.labelSheetIds(36));
    }
  });

  it('refuses a body that is not a JSON object with the usual words (it used to read as one without device_ids)', async () => {
    for (const body of [[deviceId], [{ device_ids: [deviceId] }]]) await expectError(sheet(member, body), 400, ownMessages.bodyNotObject);
  });

  it('answers 404 and changes nothing when one device is not readable', async () => {
    const { client: stranger, teamId: other } = await adminWithTeam(t, 'sheetstranger');
    const theirType = (await createOk(stranger, 'type', { name: 't', team_id: other })).id as number;
    const theirs = (await createOk(stranger, 'device', { name: 'x', team_id: other, type_id: theirType, uid_for_type: 'x' })).id as number;
    const bare = (await createOk(admin, 'device', { name: 'bare2', team_id: team, type_id: typeId, uid_for_type: 'bare2' })).id as number;
    await expectError(sheet(admin, { device_ids: [bare, theirs] }), 404, ownMessages.notFound);
    await expectError(admin.get(`/api/device_qr_code/${bare}`), 404, ownMessages.notFound);
    expect((await api(t.app).post('/api/download/label_sheet', { device_ids: [deviceId] })).statusCode).toBe(401);
  });
});
