// Stands in for 'server-only' under Jest, where no bundler enforces the boundary.
export {};
