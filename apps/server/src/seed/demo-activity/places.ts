import { listBarangays, listCitiesMunicipalities, listProvinces, METRO_MANILA_CODE } from '../../platform/psgc/index.js';

/** A real place (PSGC codes) and a street in it, as a booking's sender or receiver carries it. */
export interface DemoPlace {
  provinceCode: string;
  cityCode: string;
  barangayCode: string;
  cityLabel: string;
  streetName: string;
}

/** Cities the demo's customers ship from and to, by covered province; the metros weigh most, as they do in trade. */
const CITIES: [province: string, city: string, weight: number, streets: string[]][] = [
  ['Metro Manila', 'Makati City', 10, ['Ayala Avenue', 'Chino Roces Avenue', 'Jupiter Street', 'Kalayaan Avenue']],
  ['Metro Manila', 'Quezon City', 10, ['Tomas Morato Avenue', 'Katipunan Avenue', 'Visayas Avenue', 'Scout Borromeo Street']],
  ['Metro Manila', 'Pasig City', 6, ['Ortigas Avenue', 'Caruncho Avenue', 'Dr. Sixto Antonio Avenue']],
  ['Metro Manila', 'Taguig City', 5, ['5th Avenue, BGC', 'C-6 Road', 'General Luna Street']],
  ['Metro Manila', 'Mandaluyong City', 4, ['Shaw Boulevard', 'Boni Avenue', 'Pioneer Street']],
  ['Metro Manila', 'Marikina City', 3, ['Gil Fernando Avenue', 'J. P. Rizal Street', 'Shoe Avenue']],
  ['Cebu', 'Cebu City', 8, ['Osmeña Boulevard', 'Gorordo Avenue', 'Juana Osmeña Street', 'Mango Avenue']],
  ['Cebu', 'Mandaue City', 4, ['A. S. Fortuna Street', 'M. C. Briones Street', 'Plaridel Street']],
  ['Cebu', 'Lapu-Lapu City', 3, ['M. L. Quezon Highway', 'Pusok Road']],
  ['Davao del Sur', 'Davao City', 5, ['J. P. Laurel Avenue', 'C. M. Recto Street', 'Quirino Avenue']],
  ['Bulacan', 'Malolos City', 2, ['Paseo del Congreso', 'MacArthur Highway']],
  ['Cavite', 'Dasmariñas City', 2, ['Emilio Aguinaldo Highway', 'Congressional Avenue']],
  ['Cavite', 'Bacoor City', 2, ['Molino Road', 'Tirona Highway']],
  ['Laguna', 'Santa Rosa City', 2, ['Balibago Road', 'Rizal Boulevard']],
  ['Laguna', 'Calamba City', 2, ['National Highway', 'Chipeco Avenue']],
  ['Rizal', 'Antipolo City', 2, ['Sumulong Highway', 'Marcos Highway']],
  ['Pampanga', 'Angeles City', 2, ['Santo Rosario Street', 'MacArthur Highway']],
  ['Batangas', 'Batangas City', 1, ['P. Burgos Street', 'Diversion Road']],
  ['Benguet', 'Baguio City', 2, ['Session Road', 'Leonard Wood Road']],
  ['Pangasinan', 'Dagupan City', 1, ['A. B. Fernandez Avenue', 'Perez Boulevard']],
  ['Iloilo', 'Iloilo City', 2, ['Diversion Road', 'General Luna Street']],
  ['Negros Occidental', 'Bacolod City', 2, ['Lacson Street', 'Araneta Avenue']],
  ['Bohol', 'Tagbilaran City', 1, ['Carlos P. Garcia Avenue', 'J. A. Clarin Street']],
  ['Leyte', 'Tacloban City', 1, ['Real Street', 'Avenida Veteranos']],
  ['Misamis Oriental', 'Cagayan de Oro City', 2, ['Corrales Avenue', 'Claro M. Recto Avenue']],
  ['South Cotabato', 'General Santos City', 1, ['Pioneer Avenue', 'National Highway']],
  ['Zamboanga del Sur', 'Pagadian City', 1, ['Rizal Avenue', 'F. S. Pajares Avenue']],
];

export interface DemoCity {
  provinceCode: string;
  provinceName: string;
  cityCode: string;
  cityLabel: string;
  barangayCodes: string[];
  streets: string[];
  weight: number;
}

function provinceCodeOf(name: string): string {
  if (name === 'Metro Manila') return METRO_MANILA_CODE;
  const found = listProvinces().find((p) => p.name === name);
  if (!found) throw new Error(`Demo activity names an unknown province: ${name}`);
  return found.code;
}

/** Resolved from the PSGC list by name, so a typo fails the seed loudly instead of storing a made-up code. */
export const DEMO_CITIES: DemoCity[] = CITIES.map(([provinceName, cityName, weight, streets]) => {
  const provinceCode = provinceCodeOf(provinceName);
  const city = listCitiesMunicipalities(provinceCode).find((c) => c.name === cityName);
  if (!city) throw new Error(`Demo activity names an unknown city: ${cityName}, ${provinceName}`);
  const barangayCodes = listBarangays(city.code)
    .slice(0, 12)
    .map((b) => b.code);
  return { provinceCode, provinceName, cityCode: city.code, cityLabel: city.name, barangayCodes, streets, weight };
});

export const cityNamed = (name: string): DemoCity => {
  const city = DEMO_CITIES.find((c) => c.cityLabel === name);
  if (!city) throw new Error(`No demo city ${name}`);
  return city;
};

/** Metro Manila and Cebu: the intra-city metros where Same Day and Intra-City run and the demo riders work. */
export const METRO_CITIES = DEMO_CITIES.filter((c) => c.provinceName === 'Metro Manila' || c.provinceName === 'Cebu');
