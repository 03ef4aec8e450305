"""Payment gateway adapters: implementations of core.domain.payments.PaymentGateway."""
