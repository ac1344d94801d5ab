/** What tables and pickers read from the schemas (that generic code names no category: genericCode.test.ts). */
import { describe, expect, it } from 'vitest';
import { categories, mustGetCategory } from '../../src/schemas';
import { filterFields, withFilter } from '../../src/resources/list/filterFields';
import { csvExportQuery } from '../../src/resources/list/CsvExportButton';
import { listColumns } from '../../src/resources/list/listColumns';
import { optionFields, pickerOf } from '../../src/resources/dropdown/picker';

const names = (key: string) => filterFields(mustGetCategory(key)).map((f) => f.name);

describe('filters of each table', () => {
  it('are the filter fields the schema declares: team, type and group where the category has them, enums, ages', () => {
    // Then a comparison of two fields (the device's firmware status).
    expect(names('device')).toEqual(['team_id', 'type_id', 'group_id', 'config_state', 'last_seen', 'update_state', 'firmware_status']);
    expect(names('firmware')).toEqual(['team_id', 'type_id']);
    expect(names('devices_group')).toEqual(['team_id', 'type_id']);
    expect(names('type')).toEqual(['team_id']);
    expect(names('basic_document')).toEqual(['team_id', 'doc_type', 'target_class']);
    expect(names('documents_collection')).toEqual(['team_id']);
    expect(names('team')).toEqual([]);
  });

  it('withFilter sets a value and drops the zero option', () => {
    expect(withFilter({ team_id: 1, type_id: 3 }, 'type_id', null)).toEqual({ team_id: 1 });
    expect(withFilter({ team_id: 1 }, 'type_id', 4)).toEqual({ team_id: 1, type_id: 4 });
    expect(withFilter({ q: 'a' }, 'q', '')).toEqual({});
  });
});

describe('csvExportQuery', () => {
  const device = mustGetCategory('device');
  it("sends the spec's plain type_id and group_id (and the team), the search and the sort", () => {
    expect(csvExportQuery(device, { type_id: 3, group_id: 7, team_id: 1, q: 'sens' }, { field: 'name', order: 'DESC' })).toEqual({
      team_id: '1',
      type_id: '3',
      group_id: '7',
      filter: '{"q":"sens"}',
      sort: '["name","DESC"]',
    });
  });

  it('leaves out what is not chosen', () => {
    expect(csvExportQuery(device, { type_id: '', group_id: null, q: '  ' })).toEqual({});
  });

  it('sends the last seen age as a plain parameter beside type_id, as the table has it', () => {
    expect(csvExportQuery(device, { type_id: 3, last_seen: 'over_day', config_state: 'conflict' })).toEqual({
      type_id: '3',
      last_seen: 'over_day',
      filter: '{"config_state":"conflict"}',
    });
  });
});

describe('columns', () => {
  it("are the schema's list fields without JSON ones", () => {
    expect(listColumns(mustGetCategory('devices_group')).map((c) => c.name)).toEqual(['name', 'team_id', 'type_id', 'target_firmware_id']);
    expect(listColumns(mustGetCategory('type')).map((c) => c.name)).toEqual(['name', 'team_id', 'name_of_uid']);
  });
});

describe('picker declarations', () => {
  it('every select input points at a category with a picker', () => {
    for (const c of categories) {
      for (const [name, f] of Object.entries(c.fields)) {
        if (f.input === 'select') expect(pickerOf(mustGetCategory(f.ref!)), `${c.key}.${name}`).not.toEqual({});
      }
    }
  });

  it("load exactly the spec's fields: id, name, team_id (a repeated name is shown with its team) plus type_id, version, is_disabled, doc_type", () => {
    expect(optionFields(mustGetCategory('team'))).toEqual(['id', 'name']);
    expect(optionFields(mustGetCategory('type'))).toEqual(['id', 'name', 'team_id']);
    expect(optionFields(mustGetCategory('devices_group'))).toEqual(['id', 'name', 'type_id', 'team_id']);
    expect(optionFields(mustGetCategory('firmware'))).toEqual(['id', 'name', 'type_id', 'version', 'is_disabled', 'team_id']);
    expect(optionFields(mustGetCategory('basic_document'))).toEqual(['id', 'name', 'team_id', 'doc_type']);
  });
});
