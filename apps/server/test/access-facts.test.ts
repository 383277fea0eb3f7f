import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  type AccessFacts,
  type AdminAction,
  API,
  FACTS_CASE_PLACES,
  FACTS_CASES,
  limaDate,
  MSG,
  type Place,
  type PlaceDetail,
  type PlaceIndexWire,
  PlaceIndexWireSchema,
  type PlaceSearchResponse,
  decodePlaceIndex,
  factsPredicates,
  factsSearchParams,
} from '@sendero/contract';
import { placeChanged } from '@/services/place-changes-hub.js';
import { places } from '@/db/schema.js';
import { buildTestApp, type TestApp, type TestUser } from './helpers/app.js';
import { api, type ErrorBody } from './helpers/client.js';
import { createPlace, placeInput, uploadedUrl } from './helpers/upload-fixtures.js';

/** docs/product.md#access-facts on both databases: the six fields, their freshness, the admin's 'Confirmar datos' and the three filters. */

let t: TestApp;
let admin: TestUser;
let creator: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, creator, other] = await Promise.all([t.createAdmin(), t.createUser({ firstname: 'Rosa' }), t.createUser()]);
});
afterAll(async () => {
  await t?.close();
});

const FACTS: AccessFacts = {
  altitude_m: 4600,
  fee_pen: 30,
  access: 'solo_agencia',
  daily_quota: 500,
  closed_months: [3, 1, 2],
  facts_source: 'https://www.sernanp.gob.pe/huascaran',
};

const detail = async (id: string, token = creator.token) => (await api(t, token).get<PlaceDetail>(API.place(id))).body;
/** Moves the check date back, as if checked long ago. */
const checkedLongAgo = (id: string) => t.db.execute(sql`update ${places} set facts_checked_on = '2020-01-15' where id = ${id}`);

describe('the six fields', () => {
  it('round trip: create with facts, read them back; the server dates the check today', async () => {
    const place = await createPlace(t, creator.token, { name: 'Laguna con Datos', ...FACTS }, { verifyWith: admin.token });
    const expected = { ...FACTS, closed_months: [1, 2, 3], facts_checked_on: limaDate() };
    expect(place).toMatchObject(expected);
    expect(await detail(place._id, other.token)).toMatchObject(expected);
    expect((await api(t).get<Place[]>(API.places)).body.find((p) => p._id === place._id)).toMatchObject(expected);
  });

  it('a place without facts has nulls, no months and no check date', async () => {
    const place = await createPlace(t, creator.token, { name: 'Laguna sin Datos' });
    expect(place).toMatchObject({ altitude_m: null, fee_pen: null, access: null, daily_quota: null, closed_months: [], facts_source: null, facts_checked_on: null });
  });

  it('facts_checked_on changes only when a fact does; null clears a fact', async () => {
    const place = await createPlace(t, creator.token, { name: 'Laguna Revisada', ...FACTS });
    const update = (body: object) => api(t, creator.token).put<Place & ErrorBody>(`/api/place/update/${place._id}`, body);
    await checkedLongAgo(place._id);
    // Other fields, or the same facts again (months in another order): the date stays.
    expect((await update({ tips: 'Lleva bloqueador.' })).body.facts_checked_on).toBe('2020-01-15');
    expect((await update({ fee_pen: 30, closed_months: [2, 3, 1], access: 'solo_agencia' })).body.facts_checked_on).toBe('2020-01-15');
    // A fact changes: today.
    const changed = await update({ fee_pen: 0 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ fee_pen: 0, facts_checked_on: limaDate() });
    await checkedLongAgo(place._id);
    const cleared = await update({ daily_quota: null, closed_months: [] });
    expect(cleared.body).toMatchObject({ daily_quota: null, closed_months: [], facts_checked_on: limaDate() });
    expect(await detail(place._id)).toMatchObject({ daily_quota: null, closed_months: [], altitude_m: 4600 });
  });

  it('refuses bad values on create and update: 400 naming the field, never 500, nothing changes', async () => {
    const place = await createPlace(t, creator.token, { name: 'Laguna Intacta', ...FACTS });
    await checkedLongAgo(place._id);
    const photo = await uploadedUrl(t, creator.token);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fee_pen: -1 }, 'fee_pen', MSG.feeInvalid],
      [{ fee_pen: 10000.001 }, 'fee_pen', MSG.feeInvalid],
      [{ fee_pen: 10000.01 }, 'fee_pen', MSG.feeInvalid],
      [{ fee_pen: 12.345 }, 'fee_pen', MSG.feeInvalid],
      [{ fee_pen: 'gratis' }, 'fee_pen', MSG.feeInvalid],
      [{ altitude_m: -1 }, 'altitude_m', MSG.altitudeInvalid],
      [{ altitude_m: 7001 }, 'altitude_m', MSG.altitudeInvalid],
      [{ altitude_m: 4600.5 }, 'altitude_m', MSG.altitudeInvalid],
      [{ closed_months: [0] }, 'closed_months.0', MSG.closedMonthsInvalid],
      [{ closed_months: [13] }, 'closed_months.0', MSG.closedMonthsInvalid],
      [{ closed_months: [2, 2] }, 'closed_months', MSG.closedMonthsInvalid],
      [{ closed_months: 'febrero' }, 'closed_months', MSG.closedMonthsInvalid],
      [{ access: 'a_veces' }, 'access', MSG.accessInvalid],
      [{ daily_quota: 0 }, 'daily_quota', MSG.quotaInvalid],
      [{ daily_quota: 100001 }, 'daily_quota', MSG.quotaInvalid],
      [{ facts_source: 'http://www.sernanp.gob.pe' }, 'facts_source', MSG.factsSourceInvalid],
      [{ facts_source: 'javascript:alert(1)' }, 'facts_source', MSG.factsSourceInvalid],
      [{ facts_source: 'sernanp.gob.pe' }, 'facts_source', MSG.factsSourceInvalid],
      [{ facts_checked_on: '2026-01-01' }, 'facts_checked_on', MSG.factsCheckedOnReadOnly],
      [{ facts_checked_on: null }, 'facts_checked_on', MSG.factsCheckedOnReadOnly],
    ];
    const before = await detail(place._id);
    for (const [body, field, message] of cases) {
      const created = await api(t, creator.token).post<ErrorBody>(API.placeCreate, { ...placeInput([photo], { name: 'Laguna Rechazada' }), ...body });
      expect(created.status, `create ${JSON.stringify(body)}`).toBe(400);
      expect(created.body.error.fields?.[field], JSON.stringify(created.body)).toBe(message);
      const updated = await api(t, creator.token).put<ErrorBody>(`/api/place/update/${place._id}`, body);
      expect(updated.status, `update ${JSON.stringify(body)}`).toBe(400);
      expect(updated.body.error.fields?.[field], JSON.stringify(updated.body)).toBe(message);
    }
    expect(await detail(place._id)).toEqual(before);
    const stored = await t.db.execute(sql`select count(*)::int as n from ${places} where name = 'Laguna Rechazada'`);
    expect(JSON.stringify(stored)).toContain('"n":0');
  });

  it('an unknown field is still refused', async () => {
    const place = await createPlace(t, creator.token, { name: 'Laguna Estricta' });
    const res = await api(t, creator.token).put<ErrorBody>(`/api/place/update/${place._id}`, { entrada: 30 });
    expect(res.status).toBe(400);
  });
});

describe("the admin's 'Confirmar datos'", () => {
  it('sets facts_checked_on to today, logs confirm_facts, and only for admins', async () => {
    const place = await createPlace(t, creator.token, { name: 'Laguna Confirmada', ...FACTS }, { verifyWith: admin.token });
    await checkedLongAgo(place._id);
    for (const [who, status] of [[creator, 403], [other, 403], [null, 401]] as const) {
      expect((await api(t, who?.token).put<ErrorBody>(API.placeFactsChecked(place._id))).status).toBe(status);
    }
    expect((await detail(place._id)).facts_checked_on).toBe('2020-01-15');
    const res = await api(t, admin.token).put<Place>(API.placeFactsChecked(place._id));
    expect(res.status).toBe(200);
    expect(res.body.facts_checked_on).toBe(limaDate());
    expect((await detail(place._id)).facts_checked_on).toBe(limaDate());
    const log = (await api(t, admin.token).get<AdminAction[]>(API.adminActions(place._id))).body.map((a) => a.action);
    expect(log).toEqual(['confirm_facts', 'verify']);
    expect((await api(t, admin.token).put<ErrorBody>(API.placeFactsChecked('00000000-0000-4000-8000-000000000000'))).status).toBe(404);
  });
});

describe("the filters 'Abierto en', 'Entrada libre' and 'Sin agencia' (the contract's table of cases)", () => {
  it('the server search and the browsing index agree with the table', async () => {
    const prefix = 'Caso ';
    const ids = new Map<string, string>();
    for (const c of FACTS_CASE_PLACES) {
      const place = await createPlace(t, creator.token, { name: `${prefix}${c.name}`, ...c.facts, closed_months: [...c.facts.closed_months] }, { verifyWith: admin.token });
      ids.set(place._id, c.name);
      // Closures go straight to the table: the API refuses a past date, which the table needs.
      if (c.closure) await t.db.execute(sql`update ${places} set closure_note = 'Cierre de prueba', closed_until = ${c.closure.until} where id = ${place._id}`);
    }
    for (const id of ids.keys()) placeChanged(t.db, id);
    const wire = (await api(t).get<PlaceIndexWire>(API.placeIndex())).body;
    const index = decodePlaceIndex(PlaceIndexWireSchema.parse(wire)).filter((e) => ids.has(e._id));
    for (const { filters, names } of FACTS_CASES) {
      // The parameters the web app's server search sends (the contract's factsSearchParams).
      const query = { name: 'caso', ...factsSearchParams(filters) };
      const res = await api(t).get<PlaceSearchResponse>(API.placeSearch(query));
      expect(res.status).toBe(200);
      expect(res.body.items.map((e) => ids.get(e._id)).sort(), JSON.stringify(filters)).toEqual([...names].sort());
      // The browsing index, filtered by the contract's predicates as the web app does.
      const predicates = factsPredicates(filters);
      expect(index.filter((e) => predicates.every((p) => p(e))).map((e) => ids.get(e._id)).sort(), JSON.stringify(filters)).toEqual([...names].sort());
    }
    expect(index.length).toBe(FACTS_CASE_PLACES.length);
  });

  it("takes 'true' for a flag, and '0', 'false' or nothing as off", async () => {
    const names = async (query: Record<string, string>) => (await api(t).get<PlaceSearchResponse>(API.placeSearch({ name: 'caso', ...query }))).body.items.map((e) => e.name).sort();
    expect(await names({ free: 'true', no_agency: 'true' })).toEqual(await names({ free: '1', no_agency: '1' }));
    expect(await names({ free: '0', no_agency: 'false' })).toEqual(await names({}));
    expect(await names({})).toHaveLength(FACTS_CASE_PLACES.length);
  });

  it('refuses a month outside 1-12 or a flag other than 1/true/0/false with 400 naming the parameter, never a 500', async () => {
    for (const open of ['0', '13', 'febrero', '2.5', '-1', '1e400', 'x'.repeat(300)]) {
      const res = await api(t).get<ErrorBody>(API.placeSearch({ open }));
      expect(res.status, open).toBe(400);
      expect(res.body.error.fields?.open).toBe(MSG.searchMonthInvalid);
    }
    for (const flag of ['free', 'no_agency'])
      for (const value of ['no', 'si', '2', 'TRUE', "1' or '1'='1", '\u0000', 'x'.repeat(300)]) {
        const res = await api(t).get<ErrorBody>(API.placeSearch({ [flag]: value }));
        expect(res.status, `${flag}=${value}`).toBe(400);
        expect(res.body.error.fields?.[flag], `${flag}=${value}`).toBe(MSG.searchFlagInvalid);
      }
  });

  it('documents the three parameters and the 400 in the OpenAPI document', async () => {
    const doc = JSON.parse((await api(t).get('/api/docs/json')).text) as {
      paths: Record<string, { get: { parameters: { name: string; in: string; description?: string; schema: Record<string, unknown> }[]; responses: Record<string, unknown> } }>;
    };
    const search = doc.paths['/api/place/search']!.get;
    const param = (name: string) => search.parameters.find((p) => p.name === name && p.in === 'query');
    expect(param('open')?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 12 });
    expect(param('free')?.schema.enum).toEqual(expect.arrayContaining(['1', 'true', '0', 'false']));
    expect(param('no_agency')?.schema.enum).toEqual(expect.arrayContaining(['1', 'true', '0', 'false']));
    for (const name of ['open', 'free', 'no_agency']) expect(param(name)?.description, name).toMatch(/Abierto en|Entrada libre|Sin agencia/);
    expect(Object.keys(search.responses)).toEqual(expect.arrayContaining(['200', '400', '503']));
  });
});
