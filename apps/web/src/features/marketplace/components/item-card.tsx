import { Link } from 'react-router';
import { BookOpen, Download, ShieldCheck, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { strategyKeys, type ExpertAdvisor, type StrategyKey } from '@bourse/contract';
import { Button } from '@/components/ui/button';
import { useCourses } from '@/features/courses/api/courses';
import { BacktestDialog } from '@/features/expert-advisors/backtest-dialog';
import { paramFields } from '@/features/expert-advisors/backtest-params';
import { formatMoney, formatNumber } from '@/lib/format';
import { useSession } from '@/stores/session-store';
import { priceOf } from '../lib/filters';
import { planAllows } from '../lib/paying';

function Rating({ value }: { value: number }) {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-0.5" role="img" aria-label={t('Rated {{value}} out of 5', { value })}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={n <= Math.round(value) ? 'size-3.5 fill-amber-400 text-amber-400' : 'size-3.5 text-line'} aria-hidden />
      ))}
      <span className="ms-1 text-xs text-muted">{value.toFixed(1)}</span>
    </span>
  );
}

const isStrategy = (key: string | null): key is StrategyKey => (strategyKeys as readonly (string | null)[]).includes(key);

/** The parameters a robot of this advisor runs with unless the customer changes them: the same its backtest starts from. */
function DefaultSettings({ strategy, params }: { strategy: StrategyKey; params: Record<string, unknown> }) {
  const { t } = useTranslation();
  return (
    <details className="text-xs text-muted">
      <summary className="cursor-pointer select-none">{t('Default settings')}</summary>
      <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5" data-testid="default-settings">
        {paramFields(strategy).map((f) => (
          <div key={f.name} className="contents">
            <dt>{t(f.label)}</dt>
            <dd className="text-end tabular-nums text-fg">{typeof params[f.name] === 'string' ? String(params[f.name]).toUpperCase() : formatNumber(Number(params[f.name] ?? 0))}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** Which plans may run the item, and whether the customer's is one of them; nothing when every plan may. */
function Plans({ item }: { item: ExpertAdvisor }) {
  const { t } = useTranslation();
  const plan = useSession((s) => s.user?.account_type);
  if (item.plans.length === 0) return null;
  const allowed = planAllows(item, plan?.id);
  return (
    <p className="flex items-start gap-1.5 text-xs" data-testid="item-plans">
      <ShieldCheck className="mt-px size-3.5 shrink-0 text-muted" aria-hidden />
      <span>
        <span className="text-muted">{t('Plans that can run it: {{plans}}', { plans: item.plans.map((p) => p.title).join(', ') })}</span>
        {!allowed && <span className="block font-medium text-warn">{t('Not available on your {{plan}} plan', { plan: plan?.title ?? '' })}</span>}
      </span>
    </p>
  );
}

/** SPEC §2 marketplace card: image, title, rating of 5, downloads, price or Free, /month, Owned, Purchase. */
export function ItemCard({ item, owned, onPurchase }: { item: ExpertAdvisor; owned: boolean; onPurchase: (item: ExpertAdvisor) => void }) {
  const { t } = useTranslation();
  const price = priceOf(item);
  // An owned course opens here; the list is fetched once the customer owns an item.
  const course = useCourses(owned && item.type === 'other').data?.find((c) => c.id === item.id);
  return (
    <article aria-label={item.title} className="flex flex-col overflow-hidden rounded-xl border border-line bg-panel">
      <img src={item.image} alt="" className="aspect-[5/3] w-full object-cover" loading="lazy" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        {/* The badge sits beside the title, not on the image, whose corners carry the author's avatar in either direction. */}
        <div className="flex items-start justify-between gap-2">
          {/* Catalogue texts may be in another language than the page: isolated, their punctuation stays at their own end. */}
          <h2 className="font-semibold">
            <bdi>{item.title}</bdi>
          </h2>
          {owned && (
            <span className="shrink-0 rounded-full bg-up-solid px-2 py-0.5 text-xs font-semibold text-white" data-testid="owned-badge">
              {t('Owned')}
            </span>
          )}
        </div>
        <p className="text-xs text-muted">{t('by {{author}}', { author: item.author })}</p>
        {/* Several lines: laid out in the text's own direction, so a cut-off line ends with its ellipsis. */}
        <p dir="auto" className="line-clamp-3 text-sm text-muted">
          {item.description}
        </p>
        {item.features.length > 0 && (
          <ul className="flex flex-wrap gap-1">
            {item.features.map((f) => (
              <li key={f} className="rounded bg-panel-2 px-2 py-0.5 text-xs text-muted">
                <bdi>{f}</bdi>
              </li>
            ))}
          </ul>
        )}
        {isStrategy(item.strategy) && <DefaultSettings strategy={item.strategy} params={item.default_params} />}
        <Plans item={item} />
        <div className="mt-auto flex items-center justify-between pt-2">
          <Rating value={item.rating} />
          <span className="flex items-center gap-1 text-xs text-muted">
            <Download className="size-3.5" aria-hidden /> {t('{{n}} downloads', { n: formatNumber(item.downloads) })}
          </span>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-3">
          <span className="font-semibold" data-testid="item-price">
            {price === 0 ? t('Free') : formatMoney(price)}
            {price > 0 && item.billing === 'monthly' && <span className="text-sm font-normal text-muted">{t('/month')}</span>}
          </span>
          <div className="ms-auto flex items-center gap-2">
            {/* An advisor can be tried on past prices before it is bought. */}
            {course && (
              <Link to={`/main/courses/${course.id}`} className="inline-flex h-8 items-center gap-1.5 rounded-md border border-line px-3 text-sm font-medium hover:bg-panel-2">
                <BookOpen className="size-4" aria-hidden /> {t('Open course')}
              </Link>
            )}
            {isStrategy(item.strategy) && <BacktestDialog strategy={item.strategy} eaId={item.id} eaName={item.title} defaultParams={item.default_params} />}
            <Button size="sm" disabled={owned} onClick={() => onPurchase(item)}>
              {t('Purchase', { context: 'action' })}
            </Button>
          </div>
        </div>
      </div>
    </article>
  );
}
