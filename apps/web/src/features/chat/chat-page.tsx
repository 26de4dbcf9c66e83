export function ChatPage() {
  return <p className="p-6 text-muted">ChatPage</p>;
}

