// Support: /talk-to-us (tickets).
export const supportRoutes = [];
