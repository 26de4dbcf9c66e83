import { z } from 'zod';
import { adminEaInput, type AdminEaInput } from '@bourse/contract';
import { msg } from '@/i18n/i18n';

/** The form's own check of the parameters text, shown translated (the contract's messages are not). */
export const PARAMS_NOT_OBJECT = msg('Parameters must be a JSON object, e.g. {"lots": 0.1}');

/** The form's shape: features one per line and parameters as JSON text, checked by the contract on save. */
export const catalogueFormSchema = adminEaInput.omit({ features: true, default_params: true }).extend({
  features_text: z.string(),
  params_text: z.string().refine((t) => {
    try {
      const v: unknown = JSON.parse(t || '{}');
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    } catch {
      return false;
    }
  }, PARAMS_NOT_OBJECT),
});
export type CatalogueFormValues = z.infer<typeof catalogueFormSchema>;

export function toFormValues(input: AdminEaInput): CatalogueFormValues {
  const { features, default_params, ...rest } = input;
  return { ...rest, features_text: features.join('\n'), params_text: JSON.stringify(default_params, null, 2) };
}

export function toInputValues(values: CatalogueFormValues): AdminEaInput {
  const { features_text, params_text, ...rest } = values;
  const features = features_text.split('\n').map((f) => f.trim()).filter(Boolean);
  return { ...rest, strategy: rest.type === 'expert_advisor' ? rest.strategy : null, features, default_params: JSON.parse(params_text || '{}') as Record<string, unknown> };
}

export const emptyItem: AdminEaInput = {
  name: '',
  description: '',
  author: '',
  image: '/marketplace/trend-rider.svg',
  type: 'expert_advisor',
  strategy: 'ma_crossover',
  default_params: { lots: 0.1 },
  features: [],
  amount: '0.00',
  billing: 'one_time',
  published: false,
  plan_ids: [],
};
