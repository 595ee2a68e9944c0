import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.js';
import { rowsOf } from '../apps/server/src/db/rendered.js';
import { listBarangays, listCitiesMunicipalities } from '../apps/server/src/platform/psgc/index.js';
import { COVERED_PROVINCES } from '../apps/server/src/seed/covered-provinces.js';

/** Places spread over the covered provinces: a few cities each, one barangay per city. */
function benchPlaces() {
  const places: { province: string; city: string; cityLabel: string; barangay: string }[] = [];
  for (const province of COVERED_PROVINCES) {
    for (const city of listCitiesMunicipalities(province.provinceCode).slice(0, 3)) {
      places.push({ province: province.provinceCode, city: city.code, cityLabel: city.name, barangay: listBarangays(city.code)[0]!.code });
    }
  }
  return places;
}

/** Common Filipino given names and surnames: 100 × 120 = 12,000 full names, so a name search finds a few rows. */
export const FIRST_NAMES = [
  'Maria',
  'Jose',
  'Juan',
  'Ana',
  'Mark',
  'John',
  'Michael',
  'Angelica',
  'Kristine',
  'Jerome',
  'Carlo',
  'Paolo',
  'Bea',
  'Camille',
  'Patricia',
  'Christian',
  'Joshua',
  'Jasmine',
  'Nicole',
  'Daniel',
  'Gabriel',
  'Rafael',
  'Miguel',
  'Andrea',
  'Katrina',
  'Lorna',
  'Rosario',
  'Teresita',
  'Corazon',
  'Ernesto',
  'Rodrigo',
  'Ferdinand',
  'Gloria',
  'Imelda',
  'Ramon',
  'Emilio',
  'Apolinario',
  'Andres',
  'Lapu',
  'Diego',
  'Gregorio',
  'Marcelo',
  'Leonor',
  'Josefa',
  'Melchora',
  'Gabriela',
  'Trinidad',
  'Luzviminda',
  'Marites',
  'Jun',
  'Boyet',
  'Dodong',
  'Inday',
  'Nene',
  'Bong',
  'Tonyo',
  'Arnel',
  'Rowena',
  'Marivic',
  'Jocelyn',
  'Analyn',
  'Rhea',
  'Liza',
  'Grace',
  'Joy',
  'Faith',
  'Hope',
  'Charity',
  'Precious',
  'Princess',
  'Queenie',
  'Lovely',
  'Honey',
  'Cherry',
  'April',
  'May',
  'June',
  'Rey',
  'Ronaldo',
  'Reynaldo',
  'Eduardo',
  'Rolando',
  'Danilo',
  'Romeo',
  'Virgilio',
  'Alfredo',
  'Mario',
  'Nestor',
  'Efren',
  'Wilfredo',
  'Renato',
  'Edgardo',
  'Rogelio',
  'Arturo',
  'Leonardo',
  'Francisco',
  'Manuel',
  'Antonio',
  'Ricardo',
  'Pedro',
];
export const LAST_NAMES = [
  'Santos',
  'Reyes',
  'Cruz',
  'Bautista',
  'Ocampo',
  'Garcia',
  'Mendoza',
  'Torres',
  'Tomas',
  'Andrada',
  'Castillo',
  'Flores',
  'Villanueva',
  'Ramos',
  'Castro',
  'Rivera',
  'Aquino',
  'Navarro',
  'Salazar',
  'Mercado',
  'Aguilar',
  'Dela Cruz',
  'De Leon',
  'Gonzales',
  'Lopez',
  'Hernandez',
  'Perez',
  'Santiago',
  'Domingo',
  'Pascual',
  'Soriano',
  'Marquez',
  'Valdez',
  'Gutierrez',
  'Manalo',
  'Dizon',
  'Lim',
  'Tan',
  'Sy',
  'Co',
  'Go',
  'Chua',
  'Ong',
  'Yap',
  'Uy',
  'Ang',
  'Panganiban',
  'Macaraeg',
  'Magbanua',
  'Dimaculangan',
  'Dimagiba',
  'Dimaano',
  'Macapagal',
  'Magsaysay',
  'Quezon',
  'Osmeña',
  'Roxas',
  'Quirino',
  'Laurel',
  'Recto',
  'Tolentino',
  'Salonga',
  'Diokno',
  'Tañada',
  'Padilla',
  'Estrada',
  'Ejercito',
  'Revilla',
  'Bong',
  'Villar',
  'Pacquiao',
  'Cayetano',
  'Belmonte',
  'Binay',
  'Duterte',
  'Robredo',
  'Pangilinan',
  'Trillanes',
  'Hontiveros',
  'Gatchalian',
  'Zubiri',
  'Sotto',
  'Lacson',
  'Gordon',
  'Drilon',
  'Enrile',
  'Legarda',
  'Poe',
  'Escudero',
  'Angara',
  'Romualdez',
  'Marcos',
  'Arroyo',
  'Ramirez',
  'Morales',
  'Jimenez',
  'Fernandez',
  'Alvarez',
  'Romero',
  'Sanchez',
  'Vargas',
  'Medina',
  'Guerrero',
  'Rosales',
  'Del Rosario',
  'Evangelista',
  'Agustin',
  'Ignacio',
  'Francisco',
  'Mariano',
  'Lacsamana',
  'Lualhati',
  'Mangubat',
  'Sumulong',
  'Malabanan',
  'Tiongson',
  'Buenaventura',
  'Concepcion',
  'Espiritu',
  'Sarmiento',
  'Samonte',
  'Nepomuceno',
  'Gatdula',
];

const arrayLiteral = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;
const FIRST = arrayLiteral(FIRST_NAMES);
const LAST = arrayLiteral(LAST_NAMES);
/** The n-th of the 12,000 full names, as SQL over an integer expression `n`. */
const fullName = (n: string) =>
  `(${FIRST})[1 + (${n}) % ${FIRST_NAMES.length}] || ' ' || (${LAST})[1 + ((${n}) / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}]`;
const firstName = (n: string) => `(${FIRST})[1 + (${n}) % ${FIRST_NAMES.length}]`;
const lastName = (n: string) => `(${LAST})[1 + ((${n}) / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}]`;

/** How many customers the bench creates (the issue's 100,000 users); shipments belong to them. */
export const BENCH_USERS = 100_000;

const STATUSES = [
  'Order placed',
  'For pickup',
  'Picked up',
  'Orig. hub',
  'Orig. port',
  'In-transit',
  'Dest. port',
  'Dest. hub',
  'Out for delivery',
  'Delivered',
];

/**
 * Inserts `count` shipments (and 100,000 owners, and one or two timeline activities each) in set-based SQL,
 * so 200,000 rows take seconds, not minutes. Tracking numbers are valid S10 numbers: the serial walks
 * i × 7919 mod 10^8 (a bijection), and the check digit is computed in SQL with the S10 weights.
 */
export async function seedBenchShipments(db: Db, count: number): Promise<void> {
  const places = benchPlaces();
  const provinces = sql.raw(`ARRAY[${places.map((p) => `'${p.province}'`).join(',')}]`);
  const cities = sql.raw(`ARRAY[${places.map((p) => `'${p.city}'`).join(',')}]`);
  const labels = sql.raw(`ARRAY[${places.map((p) => `'${p.cityLabel.replaceAll("'", "''")}'`).join(',')}]`);
  const barangays = sql.raw(`ARRAY[${places.map((p) => `'${p.barangay}'`).join(',')}]`);
  const statuses = sql.raw(`ARRAY[${STATUSES.map((s) => `'${s}'`).join(',')}]::delivery_status[]`);
  const n = places.length;

  // 100,000 customers (the users list's size in the issue): every third has an email; 6% inactive, 3% invited
  // by staff; a fifth are business accounts; sign-ups spread over two years.
  await db.execute(sql`
    INSERT INTO users (first_name, last_name, mobile_number, email, status, account_type, created_at, updated_at)
    SELECT ${sql.raw(firstName('i * 7'))}, ${sql.raw(lastName('i * 7'))}, '+63916' || lpad(i::text, 7, '0'),
      CASE WHEN i % 3 = 0 THEN lower(replace(${sql.raw(fullName('i * 7'))}, ' ', '.')) || i || '@example.ph' END,
      (CASE WHEN i % 50 < 3 THEN 'INACTIVE' WHEN i % 50 = 3 THEN 'INVITED' ELSE 'ACTIVE' END)::user_status,
      (CASE WHEN i % 5 = 0 THEN 'business' ELSE 'individual' END)::account_type,
      now() - ((i % 730) || ' days')::interval - ((i % 1440) || ' minutes')::interval,
      now() - ((i % 730) || ' days')::interval
    FROM generate_series(1, ${BENCH_USERS}) i
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO user_roles (user_id, role_id)
    SELECT u.id, r.id FROM users u, roles r WHERE u.mobile_number LIKE '+63916%' AND r.name = 'customer'
    ON CONFLICT DO NOTHING`);

  await db.execute(sql`
    WITH owners AS (SELECT array_agg(id ORDER BY mobile_number) AS ids FROM users WHERE mobile_number LIKE '+63916%'),
    rows AS (
      SELECT i,
        lpad(((i::bigint * 7919) % 100000000)::text, 8, '0') AS serial,
        CASE WHEN i % 10 = 0 THEN 'same_day' WHEN i % 10 = 1 THEN 'intra_city' ELSE 'next_day' END AS dtype,
        -- Status and places are drawn independently of the delivery type (hashes of i), as in
        -- a real table; deriving them all from i % 10 made two thirds of the tab × type questions empty.
        1 + abs(hashint4(i + 1)) % ${n} AS s, 1 + abs(hashint4(i + 2)) % ${n} AS r,
        (${statuses})[1 + abs(hashint4(i)) % ${STATUSES.length}] AS ds,
        now() - ((i % 365) || ' days')::interval - ((i % 1440) || ' minutes')::interval AS created
      FROM generate_series(1, ${count}) i
    ),
    numbered AS (
      SELECT *, (8 * substr(serial,1,1)::int + 6 * substr(serial,2,1)::int + 4 * substr(serial,3,1)::int
        + 2 * substr(serial,4,1)::int + 3 * substr(serial,5,1)::int + 5 * substr(serial,6,1)::int
        + 9 * substr(serial,7,1)::int + 7 * substr(serial,8,1)::int) % 11 AS rem
      FROM rows
    )
    INSERT INTO shipments (
      tracking_number, status, delivery_status, delivery_type, payment_method, paid_by,
      sender_name, sender_mobile_number, sender_province_code, sender_city_code, sender_barangay_code, sender_street_name, sender_city_label,
      receiver_name, receiver_mobile_number, receiver_province_code, receiver_city_code, receiver_barangay_code, receiver_street_name, receiver_city_label,
      packages_total_in_cents, subtotal_in_cents, insurance_fee_in_cents, total_in_cents,
      owner_id, booked_by_id, pickup_date, delivered_at, created_at, updated_at)
    SELECT
      CASE dtype WHEN 'same_day' THEN 'SD' WHEN 'intra_city' THEN 'IC' ELSE 'ND' END || serial
        || (CASE WHEN 11 - rem = 10 THEN 0 WHEN 11 - rem = 11 THEN 5 ELSE 11 - rem END)::text || 'PH',
      CASE WHEN ds = 'Order placed' THEN 'Pending' ELSE 'OnGoing' END::shipment_status, ds, dtype::delivery_type, 'cash', 'recipient',
      ${sql.raw(fullName('i * 7 + 3'))}, '+63918' || lpad(i::text, 7, '0'), (${provinces})[s], (${cities})[s], (${barangays})[s], i || ' Rizal St', (${labels})[s],
      ${sql.raw(fullName('i * 13 + 5'))}, '+63919' || lpad(i::text, 7, '0'), (${provinces})[r], (${cities})[r], (${barangays})[r], i || ' Mabini St', (${labels})[r],
      22000, 22000, 1000, 23000,
      owners.ids[1 + i % ${BENCH_USERS}], owners.ids[1 + i % ${BENCH_USERS}], created::date,
      CASE WHEN ds = 'Delivered' THEN created + interval '1 day' END, created, created
    FROM numbered, owners`);

  await db.execute(sql`
    INSERT INTO shipment_packages (shipment_id, box_name, packaging_category, item_category, quantity, price_in_cents, base_price_in_cents, weight_in_grams)
    SELECT id, 'Small Box', 'Box', 'Books', 1, 22000, 22000, 1500 FROM shipments WHERE sender_mobile_number LIKE '+63918%'`);
  await db.execute(sql`
    INSERT INTO shipment_activities (shipment_id, name, delivery_status, created_at)
    SELECT id, 'Order placed', 'Order placed', created_at FROM shipments WHERE sender_mobile_number LIKE '+63918%'`);
  await db.execute(sql`
    INSERT INTO shipment_activities (shipment_id, name, delivery_status, created_at)
    SELECT id, CASE delivery_status WHEN 'For pickup' THEN 'On the way for pickup' WHEN 'Picked up' THEN 'Package picked up'
      WHEN 'Orig. hub' THEN 'At origin hub' WHEN 'Orig. port' THEN 'Loaded for shipping' WHEN 'In-transit' THEN 'In-transit'
      WHEN 'Dest. port' THEN 'Arrived at destination port' WHEN 'Dest. hub' THEN 'Arrived at destination hub'
      WHEN 'Out for delivery' THEN 'Out for delivery' ELSE 'Delivered' END,
      delivery_status, created_at + interval '2 hours'
    FROM shipments WHERE sender_mobile_number LIKE '+63918%' AND delivery_status <> 'Order placed'`);
  // The package lines' copy on each shipment row (migration 0020) was written by an update of every row: compact
  // the table again, as a table that grew one booking at a time is.
  await db.execute(sql`VACUUM FULL shipments`);
  // As autovacuum would by the time a table this size is queried: statistics, and the visibility map that
  // lets index-only scans skip the table.
  await db.execute(sql`VACUUM ANALYZE`);
}

/** A sample of tracking numbers to look up, spread over the table. */
export async function sampleTrackingNumbers(db: Db, limit = 1000): Promise<string[]> {
  const rows = rowsOf<{ tracking_number: string }>(await db.execute(sql`SELECT tracking_number FROM shipments TABLESAMPLE SYSTEM (5) LIMIT ${limit}`));
  return rows.map((r) => r.tracking_number);
}
