// Using arrays as a stack and a queue.
const stack = [];
for (const x of "abc") stack.push(x);
let popped = "";
while (stack.length) popped += stack.pop();
console.log(popped);
const queue = [1, 2, 3];
queue.push(4);
queue.shift();
queue.push(5);
console.log(queue, queue[0]);
