/**
 * Labels through the API, safe whatever is sent: hostile custom templates (namespaces, prefixes, case,
 * padded or entity-spelt schemes, CSS url() in presentation attributes, CDATA, processing
 * instructions) come back as a well-formed SVG with nothing that runs or fetches, or a 400; other
 * teams' devices answer like unknown ones, on a sheet too, changing nothing; odd translations are 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithTeam, createTestApp, description, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';
import { ownMessages } from '../../src/messages';
import { parseXml } from '../unit/labelSvgTree';
import { MAX_LABEL_DEPTH } from '../../server/labels/sanitize';

let t: TestApp;
let admin: Client;
let team: number;
let typeId: number;
let deviceId: number;
let foreign: { client: Client; device: number; team: number; type: number };

beforeAll(async () => {
  t = await createTestApp({ PUCS_PUBLIC_URL: 'https://pucs.example/' });
  ({ client: admin, teamId: team } = await adminWithTeam(t, 'labeladmin'));
  typeId = (await createOk(admin, 'type', { name: 'board', team_id: team })).id as number;
  deviceId = (await createOk(admin, 'device', { name: 'd1', team_id: team, type_id: typeId, uid_for_type: 'u1' })).id as number;
  expect((await admin.post(`/api/device_qr_code/${deviceId}`)).statusCode).toBe(200);
  const other = await adminWithTeam(t, 'foreignadmin');
  const otherType = (await createOk(other.client, 'type', { name: 'theirs', team_id: other.teamId })).id as number;
  const device = (await createOk(other.client, 'device', { name: 'f1', team_id: other.teamId, type_id: otherType, uid_for_type: 'f1' })).id as number;
  expect((await other.client.post(`/api/device_qr_code/${device}`)).statusCode).toBe(200);
  foreign = { client: other.client, device, team: other.teamId, type: otherType };
});
afterAll(() => t.close());

const svg = (inner: string, rootAttributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="55mm" height="23mm"${rootAttributes}>${inner}</svg>`;
const custom = (template: string, id = deviceId, query = '') => admin.post(`/api/download/custom_label/${id}${query}`, { template_str: template });

/** What must never reach a label: script, handlers, external references, CSS that could fetch. */
const FORBIDDEN = [/<[a-z]*:?script/i, /\son[a-z]+=/i, /javascript/i, /evil/i, /xml:base/i, /style/i, /svg\+xml/i, /foreignObject/i, /xml-events/i];

describe('hostile custom templates', () => {
  const kept: Record<string, string> = {
    'CDATA holding markup': svg('<text><![CDATA[<script>alert(1)</script>]]></text>'),
    'xml:base': svg('<g xml:base="http://evil/"><use href="#x"/></g>'),
    '<use> of an SVG data URL': svg('<use href="data:image/svg+xml;base64,PHN2Zy8+"/>'),
    'url() in presentation attributes': svg('<rect fill="url(http://evil/a.svg#p)" stroke="URL( \'//evil\')" mask="url(#m)"/><rect fill="#fff url(http://evil)"/>'),
    'url spelt with a character reference': svg('<rect fill="u&#114;l(http://evil)"/>'),
    'prefixed attributes': svg('<rect xlink:title="x" ev:onload="alert(1)" foo:onload="alert(1)" xmlns:ev="http://www.w3.org/2001/xml-events" xmlns:foo="urn:foo"/>'),
    'uppercase SCRIPT': svg('<SCRIPT>alert(1)</SCRIPT><Script/>'),
    'script in another namespace, or spelt with a prefix': svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">x</h:script><s:script xmlns:s="http://www.w3.org/2000/svg">x</s:script>'),
    'padded javascript: hrefs': svg('<use href="  javascript:alert(1)"/><image xlink:href="&#x20;javascript:x"/><a href="javascript:x"><text>t</text></a>'),
    'handlers and style on the root': svg('<rect/>', ' onload="alert(1)" style="background:url(http://evil)" fill="url(http://evil)"'),
    'style elements and filters': svg('<style>@import url(http://evil)</style><filter><feImage href="http://evil"/></filter><pattern href="http://evil"/>'),
  };
  for (const [name, template] of Object.entries(kept)) {
    it(`${name}: a well-formed SVG with none of it`, async () => {
      const res = await custom(template);
      expect(res.statusCode, res.body).toBe(200);
      expect(parseXml(res.body).local).toBe('svg');
      for (const pattern of FORBIDDEN) expect(res.body).not.toMatch(pattern);
    });
  }

  const refused: Record<string, string> = {
    'a DOCTYPE with entities (billion laughs)': '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>' + svg('<text>&b;</text>'),
    ']]> in text': svg('<text><![CDATA[ a ]]> ]]></text>'),
    'an xml-stylesheet instruction': svg('<?xml-stylesheet href="http://evil"?>'),
    'a root in the XHTML namespace': '<svg xmlns="http://www.w3.org/1999/xhtml"><rect/></svg>',
    'a root without a namespace': '<svg><rect/></svg>',
    '$qr_svg inside an attribute': svg('<rect id="$qr_svg"/>'),
    // The parser's work per tag grows with the depth: refused before it costs seconds.
    'elements nested 21,800 deep in 64 KiB': svg('<g>'.repeat(21_800)),
  };
  for (const [name, template] of Object.entries(refused)) {
    it(`${name}: 400 with a Description`, async () => {
      const res = await custom(template);
      expect(res.statusCode, res.body).toBe(400);
      expect(description(res)).toBeTruthy();
    });
  }

  it('nesting deeper than the limit is refused at once, saying so; the limit itself is fine', async () => {
    expect(description(await custom(svg('<g>'.repeat(21_800))))).toBe(ownMessages.labelTooDeep(MAX_LABEL_DEPTH));
    expect((await custom(svg('<g>'.repeat(MAX_LABEL_DEPTH - 1) + '</g>'.repeat(MAX_LABEL_DEPTH - 1)))).statusCode).toBe(200);
  });

  it('a key value spelling url() many times in an attribute stays fast and is dropped', async () => {
    const named = (await createOk(admin, 'device', { name: 'urls', team_id: team, type_id: typeId, uid_for_type: 'url(http://evil)' })).id as number;
    expect((await admin.post(`/api/device_qr_code/${named}`)).statusCode).toBe(200);
    const res = await custom(svg(`<rect fill="${'$uid_for_type'.repeat(4000)}"/>`), named);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/evil/);
  });
});

describe('other teams\' devices', () => {
  it('answer every label like an unknown id, whatever the template', async () => {
    for (const id of [foreign.device, 999_999]) {
      expect((await admin.get(`/api/download/detailed_label/${id}`)).statusCode).toBe(404);
      expect((await admin.get(`/api/download/model_label/${id}`)).statusCode).toBe(404);
      expect((await custom(svg('<rect/>'), id)).statusCode).toBe(404);
      expect((await custom('$nope', id)).statusCode).toBe(404);
    }
  });

  it('on a sheet: 404 for the whole sheet, and no QR id is made for the caller\'s devices either', async () => {
    const theirs = (await createOk(foreign.client, 'device', { name: 'f-noqr', team_id: foreign.team, type_id: foreign.type, uid_for_type: 'f-noqr' })).id as number;
    const mine = (await createOk(admin, 'device', { name: 'noqr', team_id: team, type_id: typeId, uid_for_type: 'noqr' })).id as number;
    const ids = [...Array.from({ length: 34 }, () => deviceId), mine, theirs];
    expect((await admin.post('/api/download/label_sheet', { device_ids: ids })).statusCode).toBe(404);
    expect((await admin.get(`/api/device_qr_code/${mine}`)).statusCode).toBe(404);
    expect((await foreign.client.get(`/api/device_qr_code/${theirs}`)).statusCode).toBe(404);
  });
});

describe('translations that are not numbers', () => {
  it('are 0', async () => {
    for (const value of ['NaN', '-Infinity', 'Infinity', '1e400', '[1]', 'abc', '1' + '0'.repeat(308), '1e23', '0x10']) {
      const res = await admin.get(`/api/download/detailed_label/${deviceId}?translate_x_in=${encodeURIComponent(value)}&translate_y_in=${encodeURIComponent(value)}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<svg x="0mm" y="0mm"');
    }
    const sheet = await admin.post('/api/download/label_sheet', { device_ids: [deviceId], translate_x_in: 'NaN', translate_y_in: [1] });
    expect(sheet.body).toContain('translate(0 0)');
  });
});
