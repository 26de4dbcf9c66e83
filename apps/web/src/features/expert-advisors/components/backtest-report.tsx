import { useTranslation } from 'react-i18next';
import type { BacktestReport as Report } from '@bourse/contract';
import { msg } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { formatMoney, formatNumber } from '@/lib/format';
import { BacktestEquityChart } from './backtest-equity-chart';
import { BacktestTrades } from './backtest-trades';

const money = (n: number) => formatMoney(n, 'USD');
const pct = (n: number) => `${n.toFixed(2)}%`;

type Figure = { label: string; value: string; tone?: 'up' | 'down' };

function figuresOf(r: Report): Figure[] {
  const tone = (n: number) => (n > 0 ? 'up' : n < 0 ? 'down' : undefined);
  return [
    { label: msg('Net profit'), value: money(r.net_profit), tone: tone(r.net_profit) },
    { label: msg('Gross profit'), value: money(r.gross_profit) },
    { label: msg('Gross loss'), value: money(-r.gross_loss) },
    { label: msg('Profit factor'), value: r.profit_factor === null ? (r.gross_profit > 0 ? '∞' : '—') : r.profit_factor.toFixed(2) },
    { label: msg('Max drawdown'), value: money(r.max_drawdown) },
    { label: msg('Max drawdown %'), value: pct(r.max_drawdown_pct) },
    { label: msg('Trades'), value: String(r.trade_count) },
    { label: msg('Win rate'), value: pct(r.win_rate * 100) },
    { label: msg('Sharpe ratio'), value: r.sharpe === null ? '—' : r.sharpe.toFixed(2) },
    { label: msg('Final equity'), value: money(r.final_equity), tone: tone(r.final_equity - r.initial_balance) },
  ];
}

/** Figures, equity curve and trade list of a finished backtest. */
export function BacktestReport({ report }: { report: Report }) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-4" aria-label={t('Backtest report')}>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {figuresOf(report).map((f) => (
          <div key={f.label} className="rounded-lg border border-line bg-panel-2 px-3 py-2">
            <dt className="text-[11px] leading-tight text-muted">{t(f.label)}</dt>
            <dd className={cn('mt-0.5 text-sm font-semibold break-words tabular-nums', f.tone === 'up' && 'text-up', f.tone === 'down' && 'text-down')}>{f.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted">
        {t('{{n}} bars · spreads and next-bar fills applied · Sharpe ratio from daily returns, annualised', { n: formatNumber(report.bars) })}
        {report.refused_intents > 0 && ` · ${t('{{count}} order(s) refused for margin', { count: report.refused_intents })}`}
        {report.stopped_out && ` · ${t('the account was stopped out')}`}
      </p>
      <BacktestEquityChart equity={report.equity} />
      <h3 className="text-sm font-semibold">
        {t('Trades')}
        {report.trades_omitted > 0 && (
          <span className="ms-2 font-normal text-muted">
            {t('(the first {{shown}} of {{total}})', { shown: formatNumber(report.trades.length), total: formatNumber(report.trade_count) })}
          </span>
        )}
      </h3>
      <BacktestTrades trades={report.trades} />
    </section>
  );
}
