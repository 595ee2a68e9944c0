import { relations } from 'drizzle-orm';
import { activityLogs } from './activity-log.js';
import { addresses, coveredProvinces } from './addresses.js';
import { apiKeys } from './api-keys.js';
import { billingAttachments, billingPayments, billingShipments, billings, invoiceAccounts, invoices } from './billings.js';
import { businessAddresses, businesses } from './businesses.js';
import { collectionShipments, collections } from './collections.js';
import { consolidationShipments, consolidations } from './consolidations.js';
import { couriers } from './couriers.js';
import { deviceTokens, notifications } from './notifications.js';
import { paymentRequests } from './payment-requests.js';
import { promoCodeUses, promoCodes } from './promo-codes.js';
import { reviews } from './reviews.js';
import { shipmentMileNotes, shipmentMiles } from './shipment-miles.js';
import { proofImages, shipmentActivities, shipmentDocuments, shipmentWeights } from './shipment-tracking.js';
import { shipmentPackages, shipments } from './shipments.js';
import { tickets } from './tickets.js';
import { transactions } from './transactions.js';
import { uploads } from './uploads.js';
import { invitations, roles, sessions, userRoles, users } from './users.js';
import { cardTokens, walletTransactions, wallets } from './wallet.js';

/**
 * Relations for drizzle's relational queries (db.query.x.findMany({ with })). They describe the main
 * links only; foreign keys are declared on the columns. Where two links join the same pair of tables,
 * relationName tells them apart. users.business_id has no foreign key (users.ts predates businesses),
 * but the relation still lets queries load a member's business.
 */

export const usersRelations = relations(users, ({ one, many }) => ({
  userRoles: many(userRoles),
  addresses: many(addresses),
  sessions: many(sessions),
  business: one(businesses, {
    fields: [users.businessId],
    references: [businesses.id],
    relationName: 'businessMembers',
  }),
  ownedShipments: many(shipments, { relationName: 'shipmentOwner' }),
  wallet: one(wallets),
  cardTokens: many(cardTokens),
  notifications: many(notifications),
  deviceTokens: many(deviceTokens),
}));

export const rolesRelations = relations(roles, ({ many }) => ({ userRoles: many(userRoles) }));

export const userRolesRelations = relations(userRoles, ({ one }) => ({
  user: one(users, { fields: [userRoles.userId], references: [users.id] }),
  role: one(roles, { fields: [userRoles.roleId], references: [roles.id] }),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const invitationsRelations = relations(invitations, ({ one }) => ({
  user: one(users, { fields: [invitations.userId], references: [users.id], relationName: 'invitee' }),
  invitedBy: one(users, { fields: [invitations.invitedById], references: [users.id], relationName: 'inviter' }),
}));

export const addressesRelations = relations(addresses, ({ one }) => ({
  user: one(users, { fields: [addresses.userId], references: [users.id] }),
}));

export const coveredProvincesRelations = relations(coveredProvinces, ({ one }) => ({
  partner: one(users, { fields: [coveredProvinces.partnerId], references: [users.id] }),
}));

export const businessesRelations = relations(businesses, ({ one, many }) => ({
  owner: one(users, { fields: [businesses.ownerId], references: [users.id], relationName: 'businessOwner' }),
  accountManager: one(users, {
    fields: [businesses.accountManagerId],
    references: [users.id],
    relationName: 'businessAccountManager',
  }),
  members: many(users, { relationName: 'businessMembers' }),
  addresses: many(businessAddresses),
  shipments: many(shipments),
  apiKeys: many(apiKeys),
}));

export const businessAddressesRelations = relations(businessAddresses, ({ one }) => ({
  business: one(businesses, { fields: [businessAddresses.businessId], references: [businesses.id] }),
}));

export const shipmentsRelations = relations(shipments, ({ one, many }) => ({
  owner: one(users, { fields: [shipments.ownerId], references: [users.id], relationName: 'shipmentOwner' }),
  bookedBy: one(users, { fields: [shipments.bookedById], references: [users.id], relationName: 'shipmentBookedBy' }),
  pickupRider: one(users, {
    fields: [shipments.pickupRiderId],
    references: [users.id],
    relationName: 'shipmentPickupRider',
  }),
  dropOffRider: one(users, {
    fields: [shipments.dropOffRiderId],
    references: [users.id],
    relationName: 'shipmentDropOffRider',
  }),
  cancelledBy: one(users, {
    fields: [shipments.cancelledById],
    references: [users.id],
    relationName: 'shipmentCancelledBy',
  }),
  business: one(businesses, { fields: [shipments.businessId], references: [businesses.id] }),
  apiKey: one(apiKeys, { fields: [shipments.apiKeyId], references: [apiKeys.id] }),
  // Named `promo` because `promoCode` is the column holding the code as typed.
  promo: one(promoCodes, { fields: [shipments.promoCodeId], references: [promoCodes.id] }),
  promoCodeUse: one(promoCodeUses),
  packages: many(shipmentPackages),
  activities: many(shipmentActivities),
  weights: many(shipmentWeights),
  documents: many(shipmentDocuments),
  proofImages: many(proofImages),
  miles: many(shipmentMiles),
  transactions: many(transactions),
  paymentRequests: many(paymentRequests),
  reviews: many(reviews),
  tickets: many(tickets),
  consolidationShipment: one(consolidationShipments),
}));

export const shipmentPackagesRelations = relations(shipmentPackages, ({ one }) => ({
  shipment: one(shipments, { fields: [shipmentPackages.shipmentId], references: [shipments.id] }),
}));

export const shipmentActivitiesRelations = relations(shipmentActivities, ({ one }) => ({
  shipment: one(shipments, { fields: [shipmentActivities.shipmentId], references: [shipments.id] }),
  actor: one(users, { fields: [shipmentActivities.actorId], references: [users.id] }),
  proofUpload: one(uploads, { fields: [shipmentActivities.proofUploadId], references: [uploads.id] }),
}));

export const shipmentWeightsRelations = relations(shipmentWeights, ({ one }) => ({
  shipment: one(shipments, { fields: [shipmentWeights.shipmentId], references: [shipments.id] }),
  package: one(shipmentPackages, { fields: [shipmentWeights.shipmentPackageId], references: [shipmentPackages.id] }),
  recordedBy: one(users, { fields: [shipmentWeights.recordedById], references: [users.id] }),
}));

export const shipmentDocumentsRelations = relations(shipmentDocuments, ({ one }) => ({
  shipment: one(shipments, { fields: [shipmentDocuments.shipmentId], references: [shipments.id] }),
  upload: one(uploads, { fields: [shipmentDocuments.uploadId], references: [uploads.id] }),
}));

export const proofImagesRelations = relations(proofImages, ({ one }) => ({
  shipment: one(shipments, { fields: [proofImages.shipmentId], references: [shipments.id] }),
  upload: one(uploads, { fields: [proofImages.uploadId], references: [uploads.id] }),
  activity: one(shipmentActivities, { fields: [proofImages.activityId], references: [shipmentActivities.id] }),
}));

export const shipmentMilesRelations = relations(shipmentMiles, ({ one, many }) => ({
  shipment: one(shipments, { fields: [shipmentMiles.shipmentId], references: [shipments.id] }),
  notes: many(shipmentMileNotes),
}));

export const shipmentMileNotesRelations = relations(shipmentMileNotes, ({ one }) => ({
  mile: one(shipmentMiles, { fields: [shipmentMileNotes.shipmentMileId], references: [shipmentMiles.id] }),
  author: one(users, { fields: [shipmentMileNotes.authorId], references: [users.id] }),
}));

export const promoCodesRelations = relations(promoCodes, ({ many }) => ({ uses: many(promoCodeUses) }));

export const promoCodeUsesRelations = relations(promoCodeUses, ({ one }) => ({
  promoCode: one(promoCodes, { fields: [promoCodeUses.promoCodeId], references: [promoCodes.id] }),
  shipment: one(shipments, { fields: [promoCodeUses.shipmentId], references: [shipments.id] }),
  user: one(users, { fields: [promoCodeUses.userId], references: [users.id] }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  user: one(users, { fields: [notifications.userId], references: [users.id] }),
}));

export const deviceTokensRelations = relations(deviceTokens, ({ one }) => ({
  user: one(users, { fields: [deviceTokens.userId], references: [users.id] }),
}));

export const walletsRelations = relations(wallets, ({ one, many }) => ({
  user: one(users, { fields: [wallets.userId], references: [users.id] }),
  transactions: many(walletTransactions),
}));

export const walletTransactionsRelations = relations(walletTransactions, ({ one }) => ({
  wallet: one(wallets, { fields: [walletTransactions.userId], references: [wallets.userId] }),
  shipment: one(shipments, { fields: [walletTransactions.shipmentId], references: [shipments.id] }),
  paymentRequest: one(paymentRequests, {
    fields: [walletTransactions.paymentRequestId],
    references: [paymentRequests.id],
  }),
}));

export const cardTokensRelations = relations(cardTokens, ({ one }) => ({
  user: one(users, { fields: [cardTokens.userId], references: [users.id] }),
}));

export const transactionsRelations = relations(transactions, ({ one }) => ({
  shipment: one(shipments, { fields: [transactions.shipmentId], references: [shipments.id] }),
  receivedBy: one(users, { fields: [transactions.receivedById], references: [users.id], relationName: 'receivedBy' }),
  voidedBy: one(users, { fields: [transactions.voidedById], references: [users.id], relationName: 'voidedBy' }),
  proofUpload: one(uploads, { fields: [transactions.proofUploadId], references: [uploads.id] }),
  paymentRequest: one(paymentRequests, { fields: [transactions.paymentRequestId], references: [paymentRequests.id] }),
  walletTransaction: one(walletTransactions, {
    fields: [transactions.walletTransactionId],
    references: [walletTransactions.id],
  }),
}));

export const paymentRequestsRelations = relations(paymentRequests, ({ one }) => ({
  user: one(users, { fields: [paymentRequests.userId], references: [users.id] }),
  shipment: one(shipments, { fields: [paymentRequests.shipmentId], references: [shipments.id] }),
  billing: one(billings, { fields: [paymentRequests.billingId], references: [billings.id] }),
  cardToken: one(cardTokens, { fields: [paymentRequests.cardTokenId], references: [cardTokens.id] }),
}));

export const collectionsRelations = relations(collections, ({ one, many }) => ({
  collectedFrom: one(users, { fields: [collections.collectedFromId], references: [users.id] }),
  shipments: many(collectionShipments),
}));

export const collectionShipmentsRelations = relations(collectionShipments, ({ one }) => ({
  collection: one(collections, { fields: [collectionShipments.collectionId], references: [collections.id] }),
  shipment: one(shipments, { fields: [collectionShipments.shipmentId], references: [shipments.id] }),
}));

export const invoiceAccountsRelations = relations(invoiceAccounts, ({ one }) => ({
  customer: one(users, { fields: [invoiceAccounts.customerId], references: [users.id] }),
  business: one(businesses, { fields: [invoiceAccounts.businessId], references: [businesses.id] }),
}));

export const billingsRelations = relations(billings, ({ one, many }) => ({
  customer: one(users, { fields: [billings.customerId], references: [users.id], relationName: 'billingCustomer' }),
  biller: one(users, { fields: [billings.billerId], references: [users.id], relationName: 'billingBiller' }),
  business: one(businesses, { fields: [billings.businessId], references: [businesses.id] }),
  invoiceAccount: one(invoiceAccounts, { fields: [billings.invoiceAccountId], references: [invoiceAccounts.id] }),
  shipments: many(billingShipments),
  attachments: many(billingAttachments),
  payments: many(billingPayments),
  invoices: many(invoices),
}));

export const billingShipmentsRelations = relations(billingShipments, ({ one }) => ({
  billing: one(billings, { fields: [billingShipments.billingId], references: [billings.id] }),
  shipment: one(shipments, { fields: [billingShipments.shipmentId], references: [shipments.id] }),
}));

export const billingAttachmentsRelations = relations(billingAttachments, ({ one }) => ({
  billing: one(billings, { fields: [billingAttachments.billingId], references: [billings.id] }),
  upload: one(uploads, { fields: [billingAttachments.uploadId], references: [uploads.id] }),
}));

export const billingPaymentsRelations = relations(billingPayments, ({ one }) => ({
  billing: one(billings, { fields: [billingPayments.billingId], references: [billings.id] }),
  proofUpload: one(uploads, { fields: [billingPayments.proofUploadId], references: [uploads.id] }),
}));

export const invoicesRelations = relations(invoices, ({ one }) => ({
  billing: one(billings, { fields: [invoices.billingId], references: [billings.id] }),
  customer: one(users, { fields: [invoices.customerId], references: [users.id] }),
  pdfUpload: one(uploads, { fields: [invoices.pdfUploadId], references: [uploads.id] }),
}));

export const consolidationsRelations = relations(consolidations, ({ one, many }) => ({
  courier: one(couriers, { fields: [consolidations.courierId], references: [couriers.id] }),
  createdBy: one(users, { fields: [consolidations.createdById], references: [users.id] }),
  shipments: many(consolidationShipments),
}));

export const consolidationShipmentsRelations = relations(consolidationShipments, ({ one }) => ({
  consolidation: one(consolidations, {
    fields: [consolidationShipments.consolidationId],
    references: [consolidations.id],
  }),
  shipment: one(shipments, { fields: [consolidationShipments.shipmentId], references: [shipments.id] }),
  carrier: one(couriers, { fields: [consolidationShipments.carrierId], references: [couriers.id] }),
}));

export const apiKeysRelations = relations(apiKeys, ({ one }) => ({
  user: one(users, { fields: [apiKeys.userId], references: [users.id], relationName: 'apiKeyUser' }),
  business: one(businesses, { fields: [apiKeys.businessId], references: [businesses.id] }),
}));

export const reviewsRelations = relations(reviews, ({ one }) => ({
  user: one(users, { fields: [reviews.userId], references: [users.id] }),
  shipment: one(shipments, { fields: [reviews.shipmentId], references: [shipments.id] }),
}));

export const ticketsRelations = relations(tickets, ({ one }) => ({
  shipment: one(shipments, { fields: [tickets.shipmentId], references: [shipments.id] }),
  createdBy: one(users, { fields: [tickets.createdById], references: [users.id], relationName: 'ticketCreatedBy' }),
  assignedTo: one(users, { fields: [tickets.assignedToId], references: [users.id], relationName: 'ticketAssignedTo' }),
}));

export const activityLogsRelations = relations(activityLogs, ({ one }) => ({
  actor: one(users, { fields: [activityLogs.actorId], references: [users.id] }),
}));
