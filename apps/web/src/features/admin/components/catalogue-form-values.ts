import { z } from 'zod';
import { adminEaInput, type AdminEaInput, itemTranslations, strategyParamsSchemas } from '@bourse/contract';

/** The form's shape: features one per line and texts per language; an advisor's parameters are checked by its strategy's schema. */
export const catalogueFormSchema = adminEaInput
  .omit({ features: true, translations: true })
  .extend({ features_text: z.string(), translations: itemTranslations })
  .superRefine((values, ctx) => {
    if (values.type !== 'expert_advisor' || !values.strategy) return;
    const parsed = strategyParamsSchemas[values.strategy].safeParse(values.default_params);
    for (const issue of parsed.success ? [] : parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['default_params', ...issue.path] });
  });
export type CatalogueFormValues = z.infer<typeof catalogueFormSchema>;

export function toFormValues(input: AdminEaInput): CatalogueFormValues {
  const { features, ...rest } = input;
  return { ...rest, features_text: features.join('\n') };
}

export function toInputValues(values: CatalogueFormValues): AdminEaInput {
  const { features_text, translations, ...rest } = values;
  const features = features_text.split('\n').map((f) => f.trim()).filter(Boolean);
  // A language with nothing typed is left out, so it reads in English.
  const texts = Object.fromEntries(Object.entries(translations).filter(([, v]) => v && (v.name || v.description)));
  const advisor = rest.type === 'expert_advisor';
  return { ...rest, strategy: advisor ? rest.strategy : null, default_params: advisor ? rest.default_params : {}, features, translations: texts };
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
  translations: {},
};
