-- What an "other" marketplace item delivers. A course is its lessons, read in order, with each
-- customer's progress kept here so it follows them to every device. An item that cannot deliver
-- what it describes is taken off the shelf: the FX signal pack promised daily ideas that nothing
-- writes, so it is unpublished (its monthly purchases lapse at renewal, as for any unpublished item).
CREATE TABLE course_lessons (
  id serial PRIMARY KEY,
  ea_id integer NOT NULL REFERENCES expert_advisors(id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position > 0),
  title text NOT NULL,
  body text NOT NULL,
  UNIQUE (ea_id, position)
);

CREATE TABLE lesson_progress (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  lesson_id integer NOT NULL REFERENCES course_lessons(id) ON DELETE CASCADE,
  completed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, lesson_id)
);

UPDATE expert_advisors SET published = false WHERE slug = 'signal-pack-fx';
UPDATE expert_advisors SET features = '["12 lessons", "Margin and risk explained", "Progress kept on every device"]' WHERE slug = 'cfd-course';

INSERT INTO course_lessons (ea_id, position, title, body)
SELECT ea.id, l.position, l.title, l.body FROM expert_advisors ea, (VALUES
  (1, 'What a CFD is',
   E'A contract for difference (CFD) is an agreement with your broker to settle the change in an instrument''s price between the moment you open a position and the moment you close it. You never own the currency, share or barrel of oil: you own the price movement.\n\nBecause nothing is delivered, you can trade rising and falling markets alike, in sizes much smaller than the underlying market trades, and with only a deposit (the margin) set aside.\n\nThe flip side: a CFD is a leveraged product, and most retail accounts lose money with it. The lessons that follow show where that risk comes from and how to keep it small.'),
  (2, 'Buying and selling',
   E'Buying (going long) profits when the price rises; selling (going short) profits when it falls. A short position is opened first and closed later by buying back, which is natural with CFDs because no asset changes hands.\n\nIn the trading room, BUY opens a long position and SELL a short one. Closing a position does the opposite trade at the current price, and the difference between the two prices, times the size, is your profit or loss.'),
  (3, 'Bid, ask and the spread',
   E'Every instrument has two prices. The ask (buy price) is what you pay to open a long position; the bid (sell price) is what you receive when you sell. The ask is always a little higher than the bid: the difference is the spread.\n\nA long position opens at the ask and closes at the bid, so it starts with a small loss equal to the spread. A short position opens at the bid and closes at the ask. The tighter the spread, the cheaper the trade: compare spreads before you choose an instrument, and notice that they widen around news and outside the main trading hours.'),
  (4, 'Lots and units',
   E'Size is counted in lots. For currency pairs one standard lot is 100,000 units of the base currency, so 0.01 lot (a micro lot) is 1,000 units: 1,000 euros in EUR/USD. Other markets have their own contract size, shown in the order form.\n\nSize decides how much each move is worth. On EUR/USD, one pip (0.0001) is worth 10 US dollars per standard lot, 1 dollar per mini lot (0.1) and 10 cents per micro lot (0.01). Start with the smallest size the order form allows until your method has proved itself.'),
  (5, 'Leverage',
   E'Leverage lets a small deposit control a larger position. At 1:30, 1,000 dollars of margin holds a 30,000 dollar position. The profit or loss is counted on the full 30,000 dollars, not on the 1,000 you set aside.\n\nA 1% move against a 30,000 dollar position costs 300 dollars, which is 30% of the margin. Leverage does not change the odds of a trade; it changes how fast the account moves. Regulators cap retail leverage by market (for example 1:30 on major currency pairs and 1:2 on crypto under ESMA rules) for this reason.'),
  (6, 'Margin and free margin',
   E'Margin is the part of your equity set aside to keep a position open: the position''s value divided by the leverage. Equity is your balance plus the profit or loss of the open positions. Free margin is equity minus the margin in use, and it is what new orders and withdrawals can draw on.\n\nWhen a position loses, equity falls while the margin in use stays the same, so free margin shrinks. Watch free margin, not balance: the balance only changes when positions close.'),
  (7, 'Margin level and stop-out',
   E'Margin level is equity divided by used margin, as a percentage. With 1,000 dollars of equity and 500 dollars of margin in use, the margin level is 200%.\n\nIf losses push the margin level down to the stop-out level (50% here), the server closes your largest losing position at the market price, and keeps going until the level is back above it. A stop-out is not a strategy: it closes positions at the worst moment. Keep the margin level well above it by trading small and using stop-losses.'),
  (8, 'Profit and loss',
   E'Profit or loss is the price difference times the size in units. Buying 0.10 lot of EUR/USD (10,000 euros) at 1.0850 and closing at 1.0880 gains 30 pips, and each pip is worth 1 dollar at that size: 30 dollars. If the quote currency differs from your account currency, the result is converted at the current rate.\n\nOpen positions show a floating profit or loss that changes with every tick. It becomes realised, and enters your balance and your statements, only when the position closes.'),
  (9, 'Take-profit and stop-loss',
   E'A take-profit closes a position automatically when the price reaches your target; a stop-loss closes it when the price reaches the level at which you decided you were wrong. Both run on the server, so they work while you are offline.\n\nSet the stop-loss when you open the trade, at a price where your reason for the trade no longer holds, not at a round amount of money. In a fast market a stop can fill a little beyond its level (slippage); it still limits the loss far better than no stop.'),
  (10, 'Risk per trade',
   E'Decide how much of the account one trade may lose, typically 1% or less. Then let the stop-loss distance decide the size: size = money at risk ÷ (stop distance × value per pip).\n\nWith 5,000 dollars and 1% risk you may lose 50 dollars. If your stop is 25 pips away on EUR/USD, each pip may be worth at most 2 dollars: 0.2 lot. A wider stop means a smaller size. Sizing this way keeps a run of losses survivable: ten losing trades in a row cost about 10%, not the account.'),
  (11, 'Pending orders',
   E'A market order fills now at the current price. A pending order waits for a price you choose. A limit order buys below or sells above the current price (you expect a pullback before the move); a stop order buys above or sells below it (you want to join a move once it starts).\n\nPending orders can carry their own take-profit and stop-loss, which are attached the moment they fill. They reserve no margin until then, but when they fill they need free margin like any other order, so check that it will still be there.'),
  (12, 'Costs and a trading plan',
   E'Besides the spread, positions held past the daily rollover pay or receive a swap (financing), and some accounts pay a commission per lot. They are small per trade and large over a year: include them when you judge a strategy.\n\nWrite a plan before you trade: which instruments, which setups, the risk per trade, where stops go, and when you stop for the day. Keep a journal of every trade with its reason and result (the account statements and the activity log help). Practise on a demo account until the plan works there, then start live with the smallest size.')
) AS l(position, title, body)
WHERE ea.slug = 'cfd-course';
