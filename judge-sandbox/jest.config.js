module.exports = {
  displayName: 'judge-sandbox',
  ...require('../jest.preset')(__dirname, { maxWorkers: 1 }),
};
