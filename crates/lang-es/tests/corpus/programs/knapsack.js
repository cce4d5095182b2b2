// 0/1 knapsack and coin change solved with dynamic programming tables.
function knapsack(items, cap) {
  const n = items.length;
  const dp = [];
  for (let i = 0; i <= n; i++) dp.push(new Array(cap + 1).fill(0));
  for (let i = 1; i <= n; i++) {
    const { w, v } = items[i - 1];
    for (let c = 0; c <= cap; c++) {
      dp[i][c] = dp[i - 1][c];
      if (w <= c && dp[i - 1][c - w] + v > dp[i][c]) dp[i][c] = dp[i - 1][c - w] + v;
    }
  }
  const chosen = [];
  let c = cap;
  for (let i = n; i > 0; i--) {
    if (dp[i][c] !== dp[i - 1][c]) { chosen.unshift(items[i - 1].name); c -= items[i - 1].w; }
  }
  return { best: dp[n][cap], chosen };
}

const items = [
  { name: "map", w: 9, v: 150 }, { name: "compass", w: 13, v: 35 }, { name: "water", w: 153, v: 200 },
  { name: "sandwich", w: 50, v: 160 }, { name: "glucose", w: 15, v: 60 }, { name: "tin", w: 68, v: 45 },
  { name: "banana", w: 27, v: 60 }, { name: "apple", w: 39, v: 40 }, { name: "cheese", w: 23, v: 30 },
  { name: "beer", w: 52, v: 10 }, { name: "suntan", w: 11, v: 70 }, { name: "camera", w: 32, v: 30 },
];
for (const cap of [0, 10, 100, 250, 400]) {
  const r = knapsack(items, cap);
  console.log(cap, r.best, r.chosen.join(","));
}

function coinWays(coins, amount) {
  const ways = new Array(amount + 1).fill(0);
  ways[0] = 1;
  for (const c of coins) for (let a = c; a <= amount; a++) ways[a] += ways[a - c];
  return ways[amount];
}
function minCoins(coins, amount) {
  const best = new Array(amount + 1).fill(Infinity);
  best[0] = 0;
  for (let a = 1; a <= amount; a++)
    for (const c of coins) if (c <= a && best[a - c] + 1 < best[a]) best[a] = best[a - c] + 1;
  return best[amount] === Infinity ? -1 : best[amount];
}
console.log(coinWays([1, 2, 5, 10, 20, 50, 100, 200], 200), coinWays([2], 3), coinWays([1, 5, 10, 25, 50], 1000));
console.log(minCoins([1, 5, 10, 25], 63), minCoins([2], 3), minCoins([1, 3, 4], 6), minCoins([7, 11], 100));
