// Finding index pairs with a given sum using an object as a map.
function twoSum(nums, target) {
  const seen = {};
  for (let i = 0; i < nums.length; i++) {
    const need = target - nums[i];
    if (need in seen) return [seen[need], i];
    seen[nums[i]] = i;
  }
  return null;
}
console.log(twoSum([2, 7, 11, 15], 9), twoSum([3, 2, 4], 6), twoSum([1, 2], 10));
console.log(twoSum([-3, 4, 3, 90], 0), twoSum([0.5, 0.25, 0.75], 1));
