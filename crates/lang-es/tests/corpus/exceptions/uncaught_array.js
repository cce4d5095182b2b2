// Throwing an array without catching it.
console.log("throwing an array");
throw [1, "two", { three: 3 }];
