// Throwing a number that nobody catches.
let attempts = 0;
function attempt() {
  attempts++;
  if (attempts > 2) throw attempts;
}
attempt();
attempt();
console.log("attempts so far", attempts);
attempt();
