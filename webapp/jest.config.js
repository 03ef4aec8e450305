// Jest runs through next/jest (SWC, tsconfig paths, CSS mocks).
const nextJest = require('next/jest');

const createJestConfig = nextJest({ dir: __dirname });

// next-intl and its dependencies ship ES modules only: let SWC transform them.
const ESM_PACKAGES = ['next-intl', 'use-intl', 'icu-minify', '@formatjs', 'intl-messageformat'];

module.exports = async () => {
  const config = await createJestConfig({
    testEnvironment: 'jsdom',
    setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    moduleNameMapper: {
      '^@/(.*)$': '<rootDir>/src/$1',
      '^@locales/(.*)$': '<rootDir>/../locales/$1',
    },
  })();
  config.transformIgnorePatterns = [
    `/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`,
    '^.+\\.module\\.(css|sass|scss)$',
  ];
  return config;
};
