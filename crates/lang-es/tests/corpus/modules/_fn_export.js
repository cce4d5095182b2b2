// Helper module: the export is a single function.
module.exports = function repeatWord(word, n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(word);
  return out.join(" ");
};
