// The people and things a branch company's history is made with: its staff's sessions and their calls to the API at
// a moment of the business day, the approvals they decide, the cars the company buys and the drivers it signs up.
import { addDays, nationalIdCheckCharacter, vinCheckDigit } from '@cp/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { rowsOf } from '../db/migrate';
import { createSession } from '../identity/sessions';
import { accounts, sessions, users } from '../identity/tables';
import { givenNames, surnames } from './lease-stories';
import { cityPlaces } from './places';
import { demoCities } from './reference-data';

/** The staff the history is made by: their session token and user id. */
export type Tokens = Record<'ops' | 'manager' | 'finance' | 'admin', { token: string; userId: number }>;

/** A kind of car the lease book buys: the model, city and company, the city's code and name. */
export interface Fleet {
  model_id: string;
  city_id: string;
  company_id: string;
  city_code: string;
  city_name: string;
}

/** A car in stock, with what an order of it names and its odometer. */
export interface Car {
  id: string;
  modelId: string;
  cityId: string;
  mileage: number;
}

/** A branch company's staff at work for the replay; `open` first, `endSessions` last. */
export class BranchStaff {
  protected tokens!: Tokens;
  private sessionIds: number[] = [];
  /** The drivers without an order yet, in the order they take one. */
  protected drivers: string[] = [];
  /** Cars named for a handover not yet made. */
  protected promised = new Set<string>();
  /** The models, cities and companies the lease book's cars are bought of, and how many were bought. */
  private fleet: Fleet[] = [];
  private bought = 0;
  private registered = 0;
  /** The 核算主体 its settlements name. */
  protected unitId = '';

  constructor(
    protected app: FastifyInstance,
    protected db: Db,
    readonly tenantId: number,
    protected dataDir: string | undefined,
  ) {}

  protected async query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
    return rowsOf<T>(await this.db.execute(statement));
  }

  /**
   * Whether the branch company can have a history (a fleet in stock, drivers without orders, a 核算主体, its
   * approvers) — and then sessions of its staff to make it with (removed at the end).
   */
  async open(): Promise<boolean> {
    this.drivers = (
      await this.query<{ id: string }>(sql`select d.id::text from drivers d where d.tenant_id = ${this.tenantId}
        and d.status = 1 and not exists (select 1 from lease_orders o where o.driver_id = d.id)
        and not exists (select 1 from referrals r where r.invitee_driver_id = d.id) order by d.id`)
    ).map((row) => row.id);
    const [stock] = await this.query<{ cars: number }>(
      sql`select count(*)::int as cars from vehicles where tenant_id = ${this.tenantId} and stage in (4, 7)`,
    );
    const [unit] = await this.query<{ id: string }>(
      sql`select id::text from accounting_units where tenant_id = ${this.tenantId} order by accounting_units.id limit 1`,
    );
    this.unitId = unit?.id ?? '';
    if ((stock?.cars ?? 0) < 12 || this.drivers.length < 30 || this.unitId === '') return false;
    const people = await this.db
      .select({ loginId: users.loginId, userId: users.id, accountId: accounts.id })
      .from(users)
      .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.tenantId, this.tenantId)))
      .where(inArray(users.loginId, ['admin', 'ops', 'manager', 'finance']));
    const staff = async (loginId: string) => {
      const row = people.find((person) => person.loginId === loginId);
      if (!row) return undefined;
      const session = await createSession(this.db, this.app.config, {
        userId: row.userId,
        accountId: row.accountId,
        tenantId: this.tenantId,
        clientAddress: '127.0.0.1',
        userAgent: 'demo history',
      });
      this.sessionIds.push(session.sessionId);
      return { token: session.token, userId: row.userId };
    };
    if (!['admin', 'manager', 'finance'].every((loginId) => people.some((person) => person.loginId === loginId))) {
      return false;
    }
    const [admin, manager, finance] = [await staff('admin'), await staff('manager'), await staff('finance')];
    if (!admin || !manager || !finance) return false;
    // A branch company without its own 运营专员 has its orders placed by the administrator.
    this.tokens = { admin, manager, finance, ops: (await staff('ops')) ?? admin };
    return true;
  }

  /** The car in stock (已出库 or 在库) the longest, not promised to a handover: what an order not yet handed over names. */
  protected async nextCar(): Promise<Car | undefined> {
    const [row] = await this.query<{ id: string; model_id: string; city_id: string; mileage: number }>(sql`
      select id::text, model_id::text, city_id::text, mileage from vehicles
      where tenant_id = ${this.tenantId} and stage in (4, 7)
        and not (id = any(${`{${[...this.promised].join(',')}}`}::bigint[]))
      order by vehicles.updated_at, vehicles.id limit 1`);
    if (!row) return undefined;
    return { id: row.id, modelId: row.model_id, cityId: row.city_id, mileage: row.mileage };
  }

  /** A request as `who`, on the business clock at `day` (hh:mm in Beijing); the server's answer must be success. */
  protected async call<T = Record<string, string>>(
    day: string,
    time: string,
    who: keyof Tokens,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ): Promise<T> {
    const at = new Date(`${day}T${time}:00+08:00`);
    const response = await this.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${this.tokens[who].token}`, 'x-business-time': at.toISOString() },
      ...(payload ? { payload } : {}),
    });
    const body = response.json() as { code: number; msg: string; data: T };
    if (response.statusCode !== 200 || body.msg !== 'success') {
      throw new Error(`demo history ${day} ${who} ${method} ${url}: ${response.statusCode} ${body.msg}`);
    }
    return body.data;
  }

  /** Decides the open task of `who` on a business record (通过 by default). */
  protected async decide(day: string, time: string, who: keyof Tokens, businessType: number, businessId: string) {
    const [task] = await this.query<{ id: string }>(sql`select id::text from approval_tasks
      where tenant_id = ${this.tenantId} and business_type = ${businessType} and business_id = ${Number(businessId)}
        and status = 0 and approver_id = ${this.tokens[who].userId} limit 1`);
    if (!task) throw new Error(`demo history: no task of ${who} for ${businessType}/${businessId}`);
    await this.call(day, time, who, 'POST', `/api/approval-tasks/${task.id}/approve`, { comment: '同意' });
  }

  /**
   * A car bought for the lease book, through the vehicle screens in the fortnight before it is needed: 入库登记
   * ten days before, 验车 the next day, 整备 (入网维护, 行驶证, GPS, 运输证) over the days after, 出库 two days
   * before — of the branch company's most common models, cities and companies. Promised to its lease.
   */
  protected async buyCar(needed: string): Promise<Car | undefined> {
    if (this.fleet.length === 0) {
      this.fleet = await this.query<Fleet>(sql`
        select v.model_id::text, v.city_id::text, v.company_id::text, c.code as city_code, c.name as city_name
        from vehicles v join cities c on c.id = v.city_id
        where v.tenant_id = ${this.tenantId} and v.company_id is not null
        group by 1, 2, 3, 4, 5 order by count(*) desc, 1, 2, 3 limit 3`);
    }
    const kind = this.fleet[this.bought % Math.max(this.fleet.length, 1)];
    if (!kind) return undefined;
    this.bought += 1;
    const serial = this.tenantId * 10_000 + this.bought;
    const draft = `LFV3B2FU0R${String(serial).padStart(7, '0')}`;
    const at = (days: number) => addDays(needed, -days);
    const mileage = 8 + (serial % 20);
    const car = await this.call<{ id: string }>(at(10), '10:05', 'ops', 'POST', '/api/vehicles', {
      vin: `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`,
      energyType: 2,
      mileage,
      modelId: kind.model_id,
      cityId: kind.city_id,
      companyId: kind.company_id,
    });
    const act = (days: number, time: string, action: string, body: object = {}) =>
      this.call(at(days), time, 'ops', 'POST', `/api/vehicles/${car.id}/${action}`, body);
    await act(9, '10:30', 'inspect', { mileage, result: 1, checklist: [{ item: '外观', ok: true }] });
    await act(8, '09:30', 'start-preparation');
    await act(8, '15:00', 'prepare-network', {});
    const province = demoCities.find((city) => city.code === kind.city_code)?.plate ?? '京';
    const plate = `${province}AF${String(serial).padStart(5, '0').slice(-5)}`;
    const depots = cityPlaces[kind.city_code]?.depots ?? ['停车场'];
    await act(6, '11:00', 'prepare-license', { plateNo: plate, drivingLicenseIssueDate: at(6) });
    await act(5, '14:20', 'prepare-gps', { gpsDeviceNo: `GT06N${String(serial).padStart(8, '0')}` });
    await act(4, '16:10', 'prepare-certificate', {
      operationCertificateNo: `交运管字${String(serial).padStart(9, '0')}号`,
      operationCertificateExpiry: addDays(at(4), 4 * 365),
    });
    const depot = depots[serial % depots.length] as string;
    await act(2, '09:40', 'outbound', { location: `${kind.city_name}${depot}`, mileage: mileage + 3 });
    this.promised.add(car.id);
    return { id: car.id, modelId: kind.model_id, cityId: kind.city_id, mileage: mileage + 3 };
  }

  /**
   * A driver who comes to lease a car: registered at the counter (网约车司机) three days before the handover,
   * approved the next day.
   */
  protected async registerDriver(needed: string, cityId: string): Promise<string> {
    this.registered += 1;
    const serial = this.tenantId * 1000 + this.registered;
    const name = `${surnames[serial % surnames.length]}${givenNames[(serial * 7) % givenNames.length]}`;
    const born = `19${70 + (serial % 25)}${String(1 + (serial % 12)).padStart(2, '0')}${String(1 + (serial % 28)).padStart(2, '0')}`;
    const first17 = `110105${born}${String(serial % 1000).padStart(3, '0')}`;
    const driver = await this.call<{ id: string }>(
      addDays(needed, -3),
      '15:20',
      'admin',
      'POST',
      '/api/ride-hailing-drivers',
      {
        name,
        mobile: `139${String(this.tenantId)}${String(serial).padStart(7, '0')}`,
        nationalId: first17 + nationalIdCheckCharacter(first17),
        cityId,
        licenseClass: 6,
      },
    );
    await this.call(
      addDays(needed, -2),
      '10:10',
      'admin',
      'POST',
      `/api/ride-hailing-drivers/${driver.id}/approve`,
      {},
    );
    return driver.id;
  }

  /** The sessions `open` made, removed: nobody's next login lands where the replay was last. */
  protected async endSessions(): Promise<void> {
    if (this.sessionIds.length > 0) await this.db.delete(sessions).where(inArray(sessions.id, this.sessionIds));
  }
}
