/**
 * The equipment of a catalogue exercise (issue 29), without zod so that browser code can import
 * it; the Korean labels live in messages.ts (`messages.catalogue.equipment`).
 */
export const EQUIPMENT = [
  'BARBELL',
  'DUMBBELL',
  'MACHINE',
  'CABLE',
  'BODYWEIGHT',
  'KETTLEBELL',
  'BAND',
  'SMITH_MACHINE',
] as const;
export type Equipment = (typeof EQUIPMENT)[number];
