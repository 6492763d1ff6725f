/** Demo members created on the first start of an empty embedded database (README, e2e). */
export const DEMO_MEMBERS = [
  { name: '김민준', email: 'minjun@everyhealth.dev' },
  { name: '이서연', email: 'seoyeon@everyhealth.dev' },
  { name: '박지호', email: 'jiho@everyhealth.dev' },
] as const;

export type DemoMember = (typeof DEMO_MEMBERS)[number];
