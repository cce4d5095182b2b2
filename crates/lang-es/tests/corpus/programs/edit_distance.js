// Levenshtein distance and longest common subsequence with DP tables.
function levenshtein(a, b) {
  const prev = new Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + cost);
      diag = tmp;
    }
  }
  return prev[b.length];
}

function lcs(a, b) {
  const dp = [];
  for (let i = 0; i <= a.length; i++) dp.push(new Array(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      dp[i][j] = a[i - 1] === b[j - 1] ? dp[i - 1][j - 1] + 1 : Math.max(dp[i - 1][j], dp[i][j - 1]);
  let i = a.length, j = b.length, out = "";
  while (i > 0 && j > 0) {
    if (a[i - 1] === b[j - 1]) { out = a[i - 1] + out; i--; j--; }
    else if (dp[i - 1][j] >= dp[i][j - 1]) i--;
    else j--;
  }
  return out;
}

const pairs = [["kitten", "sitting"], ["flaw", "lawn"], ["", "abc"], ["same", "same"],
  ["intention", "execution"], ["EasyScript", "JavaScript"], ["😀a", "a😀"]];
for (const [a, b] of pairs) {
  console.log(a.padEnd(10), b.padEnd(10), levenshtein(a, b), JSON_q(lcs(a, b)));
}
function JSON_q(s) { return "'" + s + "'"; }
function diff(a, b) {
  const common = lcs(a, b);
  let i = 0, j = 0, out = "";
  for (const ch of common) {
    while (a[i] !== ch) out += "-" + a[i++];
    while (b[j] !== ch) out += "+" + b[j++];
    out += ch; i++; j++;
  }
  while (i < a.length) out += "-" + a[i++];
  while (j < b.length) out += "+" + b[j++];
  return out;
}
console.log(diff("abcdef", "azced"), diff("kitten", "sitting"));
