'use client';

import { trainingSettingsRead } from '@/features/training/reads/training';
import { useRead } from '@/lib/hooks/use-read';
import type { WeightUnit } from '@/lib/shared/training/units';

/**
 * The unit the member reads and types weights in: kg until the settings say otherwise (the
 * signed-in layout hands them over, so no request on hydration).
 */
export function useWeightUnit(): WeightUnit {
  return useRead(trainingSettingsRead, []).data?.weightUnit ?? 'kg';
}
