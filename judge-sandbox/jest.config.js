module.exports = {
  displayName: 'judge-sandbox',
  ...require('../jest.preset')(__dirname, { testTimeout: 120000, maxWorkers: 1 }),
};
