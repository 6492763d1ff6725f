import { CLASSIFICATIONS } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';

import {
  classificationOptions,
  classificationsRead,
  DEFAULT_CLASSIFICATION_OPTIONS,
  exercisesRead,
} from './exercises';

describe('exercisesRead', () => {
  it('is keyed by its backend path and hands the library over as listed', async () => {
    expect(exercisesRead.key()).toBe('/api/member/exercises');
    const list = [{ id: 1, name: '벤치프레스', memo: null, classification: 'CHEST' }];
    expect(exercisesRead.toView(list as never)).toBe(list);
    const schema = await exercisesRead.schema();
    expect(schema.safeParse([{ id: 'x' }]).success).toBe(false);
  });
});

describe('classificationsRead', () => {
  it('maps the label → name map to options in the fixed UI order, labelled by the server', () => {
    const view = classificationsRead.toView({ '가슴 (서버)': 'CHEST', 등: 'BACK' });
    expect(view.options.map((option) => option.value)).toEqual([...CLASSIFICATIONS]);
    expect(view.options[0]).toEqual({ value: 'CHEST', label: '가슴 (서버)' });
    expect(view.options.find((option) => option.value === 'BACK')?.label).toBe('등');
  });

  it("falls back to the catalogue's label for a name the map leaves out, and before it loads", () => {
    const view = classificationsRead.toView({});
    expect(view.options.find((option) => option.value === 'ABS')?.label).toBe(
      messages.classification.ABS,
    );
    expect(DEFAULT_CLASSIFICATION_OPTIONS).toEqual(classificationOptions(undefined));
  });

  it('is fixed for the session: never revalidated on focus or when stale', () => {
    expect(classificationsRead.key()).toBe('/api/enum/classification');
    expect(classificationsRead.swr).toEqual({ revalidateOnFocus: false, revalidateIfStale: false });
  });
});
