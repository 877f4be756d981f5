module.exports = {
  displayName: 'backend',
  ...require('../jest.preset')(__dirname, {
    // HTTP suites each boot an app on their own database; two at a time keeps the shared machine usable.
    maxWorkers: 2,
  }),
};
