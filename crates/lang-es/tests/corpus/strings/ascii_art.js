// Drawing a diamond with repeat and padStart.
const n = 5;
const lines = [];
for (let i = 1; i <= n; i++) lines.push("*".repeat(2 * i - 1).padStart(n + i - 1));
for (let i = n - 1; i >= 1; i--) lines.push("*".repeat(2 * i - 1).padStart(n + i - 1));
console.log(lines.join("\n"));
