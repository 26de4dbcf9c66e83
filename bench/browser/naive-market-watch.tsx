// The benchmark's naive peer: the same socket, catalogue and virtualised list, but every tick is
// React state at the top of the list (one setState per socket event), so each tick re-renders the list.
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { io } from 'socket.io-client';
import { useVirtualizer } from '@tanstack/react-virtual';

type Asset = { id: number; symbol_display: string; name: string; rate: number; buy_spread: number; sell_spread: number };
type Update = { id: number; price: number };
type Batch = { data: number[][] };

function NaiveMarketWatch() {
  const [assets, setAssets] = useState<Asset[]>([]);
  const [prices, setPrices] = useState<Map<number, number>>(new Map());
  useEffect(() => {
    const socket = io({ path: '/socket.io', transports: ['websocket'], auth: { key: 'bench' } });
    socket.on('connect', () => socket.emit('subscribe:all', { batch: new URLSearchParams(location.search).get('mode') === 'batch' }));
    socket.on('data:all', (s: { data: Asset[] }) => setAssets(s.data));
    socket.on('data:update', (u: Update) => setPrices((prev) => new Map(prev).set(u.id, u.price)));
    // One state update per tick, as a client written tick by tick would do (React batches the renders).
    socket.on('data:batch', (b: Batch) => {
      for (const p of b.data) setPrices((prev) => new Map(prev).set(p[0]!, p[1]!));
    });
    return () => void socket.disconnect();
  }, []);
  const ref = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: assets.length, getScrollElement: () => ref.current, estimateSize: () => 44, overscan: 6 });
  return (
    <div ref={ref} style={{ height: '100vh', overflow: 'auto', font: '12px sans-serif', background: '#0b1220', color: '#e6edf7' }}>
      <div style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const a = assets[item.index]!;
          const price = prices.get(a.id) ?? a.rate;
          return (
            <div key={a.id} data-testid="market-watch-row" style={{ position: 'absolute', top: 0, left: 0, right: 0, height: 44, transform: `translateY(${item.start}px)`, display: 'flex', gap: 12, padding: '0 12px', alignItems: 'center' }}>
              <span style={{ flex: 1 }}>{a.symbol_display}</span>
              <span data-testid="bid">{(price * (1 - a.sell_spread)).toFixed(3)}</span>
              <span data-testid="ask">{(price * (1 + a.buy_spread)).toFixed(3)}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<NaiveMarketWatch />);
