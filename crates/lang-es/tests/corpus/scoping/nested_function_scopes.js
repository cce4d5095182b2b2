// Functions declared in blocks are visible in that block.
function test() {
  const results = [];
  {
    function blockFn() { return "block function"; }
    results.push(blockFn());
  }
  results.push(typeof helper);
  function helper() {}
  return results;
}
console.log(test());
