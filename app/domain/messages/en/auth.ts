import type { auth as ru } from "../auth";
import type { Translation } from "../shape";
import { waitDuration } from "./shared";

export const auth: Translation<typeof ru> = {
  emailLabel: "Email",
  passwordLabel: "Password",
  emailPlaceholder: "name@company.com",
  login: {
    title: "Sign in to your account",
    subtitle: "Sign in to manage your profile, products and tenders",
    submit: "Sign in",
    submitting: "Signing in...",
    noAccount: "Don’t have an account? Sign up",
    forgotPassword: "Forgot your password?",
    emailRequired: "Enter your email",
    passwordRequired: "Enter your password",
    emailInvalid: "Enter a valid email address",
    invalidCredentials: "Incorrect email or password",
    emailNotConfirmed: "Confirm your email before signing in",
    invalidEmailFormat: "The email address isn’t in a valid format",
    errorPrefix: "Sign-in failed: ",
    error: (message: string) => `Sign-in failed: ${message}`,
    unexpectedError: "Something went wrong while signing in",
    success: "You’re signed in",
    adminWelcome: (name: string) => `Welcome to the admin panel, ${name}`,
    resendConfirmation: "Resend the email",
    banned:
      "Your account has been blocked by an admin. If you think this is a mistake, contact support.",
    confirmationResent: "We’ve sent the confirmation email again",
    locked: (seconds: number) =>
      `Too many failed sign-in attempts. Try again in ${waitDuration(seconds)}, or reset your password.`,
  },
  register: {
    title: "Sign up",
    subtitle: "Create a buyer or factory account",
    nameLabel: "Name or company name",
    namePlaceholder: "For example, Textile Group LLC",
    userTypeLabel: "User type",
    userTypePlaceholder: "Choose a type",
    buyer: "Buyer",
    factory: "Sewing factory",
    confirmPasswordLabel: "Confirm password",
    passwordHint: "At least 6 characters: Latin letters, numbers and special characters",
    submit: "Create account",
    submitting: "Creating account...",
    haveAccount: "Already have an account? Sign in",
    nameTooShort: "The name must be at least 2 characters long",
    userTypeRequired: "Choose a user type",
    emailInvalid: "Enter a valid email address",
    emailNotLatin: "The email address can only contain Latin characters",
    passwordTooShort: "The password must be at least 6 characters long",
    passwordInvalidChars:
      "The password can only contain Latin letters, numbers and special characters",
    passwordsMismatch: "The passwords don’t match",
    emailTaken: "An account with this email already exists",
    invalidEmailFormat: "The email address isn’t in a valid format",
    weakPassword: "The password doesn’t meet the requirements",
    databaseError: "Database error. Please try again.",
    error: (message: string) => `Sign-up failed: ${message}`,
    unexpectedError: "Something unexpected went wrong",
    exception: (message?: string) =>
      `Something went wrong while signing up: ${message || "Unknown error"}`,
    unknownError: "Unknown error",
    success: "You’ve signed up successfully",
  },
  confirm: {
    title: "Confirm your email",
    sentTo: (email: string) => `We’ve sent an email with a confirmation link to ${email}.`,
    instructions:
      "Follow the link in the email: it confirms your address and signs you in straight away.",
    spamHint: "Can’t find the email? Check your spam folder or wait a couple of minutes.",
    goToLogin: "Go to sign in",
    registerAnother: "Sign up with a different email",
    verified: "Your email is confirmed. You can now sign in.",
    verifiedSignedIn: "Your email is confirmed. Welcome!",
    /** The first step of a new factory: its profile, then the directory lists it. */
    verifiedFactory:
      "Your email is confirmed. Start with your factory profile: once it’s filled in, your factory will appear in the catalogue.",
    /** The first step of a new buyer: the directory, or a tender. */
    verifiedBuyer:
      "Your email is confirmed. Find a factory in the catalogue, or place a tender so factories can see your order.",
    linkInvalid: "This confirmation link is invalid or has expired",
    resend: "Resend the email",
    resending: "Sending...",
    resent: (email: string) =>
      `We’ve sent the confirmation email to ${email} again. Check your inbox and spam folder.`,
    resendWait: (seconds: number) =>
      `We sent an email only recently. You can request a new one in ${waitDuration(seconds)}.`,
    sentOnSignIn: (email: string) =>
      `We’ve sent a new confirmation email to ${email}. Follow the link in it: it confirms your address and signs you in.`,
    sentRecently: (email: string) =>
      `A confirmation email was sent to ${email} only recently. Check your inbox and spam folder.`,
    resendAvailableIn: (seconds: number) =>
      `You can request a new email in ${waitDuration(seconds)}.`,
  },
  reset: {
    requestTitle: "Reset your password",
    requestText:
      "Enter the email you signed up with and we’ll send you a link to reset your password.",
    requestSubmit: "Send link",
    requestSubmitting: "Sending...",
    requestSent:
      "If an account with this email exists, we’ve sent it an email with a link to reset your password.",
    backToLogin: "Back to sign in",
    newTitle: "New password",
    newPasswordLabel: "New password",
    confirmPasswordLabel: "Repeat password",
    newSubmit: "Save password",
    success: "Your password has been changed. Sign in with your new password.",
    linkInvalid: "This password reset link is invalid or has expired",
  },
};
