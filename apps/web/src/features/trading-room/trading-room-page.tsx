export function TradingRoomPage() {
  return <p className="p-6 text-muted">TradingRoomPage</p>;
}

