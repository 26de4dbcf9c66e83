import type { BacktestReport as Report } from '@bourse/contract';
import { cn } from '@/lib/cn';
import { BacktestEquityChart } from './backtest-equity-chart';
import { BacktestTrades } from './backtest-trades';

const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const pct = (n: number) => `${n.toFixed(2)}%`;

type Figure = { label: string; value: string; tone?: 'up' | 'down' };

function figuresOf(r: Report): Figure[] {
  const tone = (n: number) => (n > 0 ? 'up' : n < 0 ? 'down' : undefined);
  return [
    { label: 'Net profit', value: money(r.net_profit), tone: tone(r.net_profit) },
    { label: 'Gross profit', value: money(r.gross_profit) },
    { label: 'Gross loss', value: money(-r.gross_loss) },
    { label: 'Profit factor', value: r.profit_factor === null ? (r.gross_profit > 0 ? '∞' : '—') : r.profit_factor.toFixed(2) },
    { label: 'Max drawdown', value: money(r.max_drawdown) },
    { label: 'Max drawdown %', value: pct(r.max_drawdown_pct) },
    { label: 'Trades', value: String(r.trade_count) },
    { label: 'Win rate', value: pct(r.win_rate * 100) },
    { label: 'Sharpe ratio', value: r.sharpe === null ? '—' : r.sharpe.toFixed(2) },
    { label: 'Final equity', value: money(r.final_equity), tone: tone(r.final_equity - r.initial_balance) },
  ];
}

/** Figures, equity curve and trade list of a finished backtest. */
export function BacktestReport({ report }: { report: Report }) {
  return (
    <section className="flex flex-col gap-4" aria-label="Backtest report">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {figuresOf(report).map((f) => (
          <div key={f.label} className="rounded-lg border border-line bg-panel-2 px-3 py-2">
            <dt className="text-[11px] leading-tight text-muted">{f.label}</dt>
            <dd className={cn('mt-0.5 text-sm font-semibold break-words tabular-nums', f.tone === 'up' && 'text-up', f.tone === 'down' && 'text-down')}>{f.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted">
        {report.bars.toLocaleString('en-US')} bars · spreads and next-bar fills applied · Sharpe ratio from daily returns, annualised
        {report.refused_intents > 0 && ` · ${report.refused_intents} order(s) refused for margin`}
        {report.stopped_out && ' · the account was stopped out'}
      </p>
      <BacktestEquityChart equity={report.equity} />
      <h3 className="text-sm font-semibold">
        Trades
        {report.trades_omitted > 0 && (
          <span className="ml-2 font-normal text-muted">
            (the first {report.trades.length.toLocaleString('en-US')} of {report.trade_count.toLocaleString('en-US')})
          </span>
        )}
      </h3>
      <BacktestTrades trades={report.trades} />
    </section>
  );
}
