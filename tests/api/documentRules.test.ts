/**
 * The rules of basic documents and collections (spec sections 3, 4 and 5), through the real API:
 * text and link content, link schemes, a document once per collection, a document in use kept,
 * a collection naming its own team's documents only. Every refusal leaves the stored object as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../src/messages';
import { adminWithTeam, createTestApp, expectError, type Client, type TestApp } from './helpers';
import { createOk } from './crudFixtures';

let t: TestApp;
let c: Client;
let team: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  ({ client: c, teamId: team } = await adminWithTeam(t, 'doris'));
});
afterAll(() => t.close());

const doc = async (body: Record<string, unknown>) => (await createOk(c, 'basic_document', { name: `doc ${++seq}`, team_id: team, ...body })).id as number;
const stored = async (key: string, id: number) => (await c.get(`/api/${key}/${id}`)).json() as Record<string, unknown>;
const names = async (key: string) => ((await c.get(`/api/${key}`)).json() as { json_list: { name: string }[] }).json_list.map((o) => o.name);
const documentCount = async () => (await names('basic_document')).length;

describe('the content of a text or link document', () => {
  it('cannot be empty', async () => {
    await doc({ doc_type: 'text', content: 'x' });
    const before = await documentCount();
    expect(before).toBeGreaterThan(0);
    for (const doc_type of ['text', 'link']) {
      for (const content of ['', '   ']) {
        await expectError(c.post('/api/basic_document', { name: `empty ${doc_type}`, team_id: team, doc_type, content }), 400, messages.contentEmpty);
      }
    }
    await expectError(c.post('/api/basic_document', { name: 'no content', team_id: team, doc_type: 'link' }), 400, messages.contentEmpty);
    expect(await documentCount()).toBe(before);
  });

  it('of a link is an http or https address; other schemes are refused', async () => {
    expect(await stored('basic_document', await doc({ doc_type: 'link', content: 'https://example.com/manual?page=2' }))).toMatchObject({
      content: 'https://example.com/manual?page=2',
    });
    await doc({ doc_type: 'link', content: 'http://192.0.2.1:8080/guide' });
    const before = await documentCount();
    for (const content of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'file:///etc/passwd', 'ftp://example.com/x', 'example.com', 'https:// example.com', '//example.com']) {
      await expectError(c.post('/api/basic_document', { name: 'bad link', team_id: team, doc_type: 'link', content }), 400, ownMessages.linkNotHttp);
    }
    expect(await documentCount()).toBe(before);
  });

  it('is checked on update against the stored type, and a change of type checks the stored content', async () => {
    const text = await doc({ doc_type: 'text', content: 'Read me first' });
    await expectError(c.put(`/api/basic_document/${text}`, { content: '' }), 400, messages.contentEmpty);
    await expectError(c.put(`/api/basic_document/${text}`, { doc_type: 'link' }), 400, ownMessages.linkNotHttp);
    expect(await stored('basic_document', text)).toMatchObject({ doc_type: 'text', content: 'Read me first' });
    const link = await doc({ doc_type: 'link', content: 'https://example.com' });
    await expectError(c.put(`/api/basic_document/${link}`, { content: 'javascript:alert(1)' }), 400, ownMessages.linkNotHttp);
    expect((await stored('basic_document', link)).content).toBe('https://example.com');
    const res = await c.put(`/api/basic_document/${text}`, { doc_type: 'link', content: 'https://example.com/readme' });
    expect(res.statusCode).toBe(200);
    expect(await stored('basic_document', text)).toMatchObject({ doc_type: 'link', content: 'https://example.com/readme' });
  });

  it('of a file or image document is not typed in: these rules leave it alone', async () => {
    expect(await doc({ doc_type: 'file', content: '' })).toBeGreaterThan(0);
    expect(await doc({ doc_type: 'image', content: 'not a url' })).toBeGreaterThan(0);
  });
});

describe('a documents collection', () => {
  it('holds a document once: a second time is refused with the spec message', async () => {
    const [a, b] = [await doc({ content: 'a' }), await doc({ content: 'b' })];
    await expectError(
      c.post('/api/documents_collection', { name: 'twice', team_id: team, basic_docs_list: [{ id: a }, { id: b }, { id: a }] }),
      400,
      messages.documentAlreadyInCollection,
    );
    expect(await names('documents_collection')).not.toContain('twice');
    const coll = (await createOk(c, 'documents_collection', { name: 'ordered', team_id: team, basic_docs_list: [{ id: b }, { id: a }] })).id as number;
    await expectError(c.put(`/api/documents_collection/${coll}`, { basic_docs_list: [b, a, b] }), 400, messages.documentAlreadyInCollection);
    expect((await stored('documents_collection', coll)).basic_docs_list).toEqual([{ id: b }, { id: a }]);
  });

  it('names documents of its own team only: another team\'s document answers like an unknown id', async () => {
    const other = await adminWithTeam(t, 'oscar');
    const theirs = (await createOk(other.client, 'basic_document', { name: 'their doc', team_id: other.teamId, doc_type: 'text', content: 'x' })).id as number;
    const notFound = ownMessages.referenceNotFound('Documents');
    await expectError(c.post('/api/documents_collection', { name: 'foreign', team_id: team, basic_docs_list: [{ id: theirs }] }), 400, notFound);
    await expectError(c.post('/api/documents_collection', { name: 'unknown', team_id: team, basic_docs_list: [{ id: 999_999 }] }), 400, notFound);
    const coll = (await createOk(c, 'documents_collection', { name: 'own only', team_id: team, basic_docs_list: [] })).id as number;
    await expectError(c.put(`/api/documents_collection/${coll}`, { basic_docs_list: [theirs] }), 400, notFound);
    expect((await stored('documents_collection', coll)).basic_docs_list).toEqual([]);
  });

  it('keeps its documents: one in use cannot be deleted until no collection holds it, and the refusal names the collections', async () => {
    const used = await doc({ content: 'used', name: 'Wiring guide' });
    const coll = (await createOk(c, 'documents_collection', { name: 'keeps', team_id: team, basic_docs_list: [{ id: used }] })).id as number;
    await expectError(c.del(`/api/basic_document/${used}`), 409, ownMessages.inUseIn('Wiring guide', "documents collection 'keeps'"));
    const second = (await createOk(c, 'documents_collection', { name: 'also keeps', team_id: team, basic_docs_list: [{ id: used }] })).id as number;
    const both = ownMessages.inUseIn('Wiring guide', "documents collection 'keeps', documents collection 'also keeps'");
    await expectError(c.del(`/api/basic_document/${used}`), 409, both);
    expect((await c.get(`/api/basic_document/${used}`)).statusCode).toBe(200);
    for (const id of [coll, second]) expect((await c.put(`/api/documents_collection/${id}`, { basic_docs_list: [] })).statusCode).toBe(200);
    expect((await c.del(`/api/basic_document/${used}`)).statusCode).toBe(200);
    expect((await c.get(`/api/basic_document/${used}`)).statusCode).toBe(404);
  });
});
