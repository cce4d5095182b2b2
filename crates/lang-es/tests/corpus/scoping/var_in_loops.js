// var in loops is shared across iterations and visible after the loop.
var fns = [];
for (var i = 0; i < 3; i++) {
  var sq = i * i;
  fns.push(function () { return sq; });
}
console.log(fns.map(f => f()), i, sq);
