module.exports = {
  displayName: 'kit',
  ...require('../../jest.preset')(__dirname, { testEnvironment: 'jsdom' }),
};
