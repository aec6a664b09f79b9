-- Old webhook messages go with their deliveries and attempts (WEBHOOK_LOG_DAYS). Each removal
-- cascades by message to its deliveries and by delivery to their attempts: without these indexes each
-- cascade step would read the whole table (deleting a subscription did so for every delivery).
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_message_id_idx" ON "webhook_deliveries" USING btree ("message_id");