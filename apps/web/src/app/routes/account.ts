// Account and information pages: /notifications, /profile, /referrals, /rates, /prohibited-items, /terms-and-conditions.
export const accountRoutes = [];
