/* global window, document, fetch, URL */
/**
 * Koma's local stand-in for the PayPal JS SDK (served by the API's payment sandbox; loaded by
 * @paypal/react-paypal-js through its `sdkBaseUrl` script option). It offers what the shop uses
 * of the real SDK: paypal.Buttons and paypal.CardFields with the same callbacks (createOrder,
 * onApprove, onCancel, onError, onInit). The buyer approves in an in-page sandbox sheet instead
 * of PayPal's pop-up; card fields are plain inputs posted to the sandbox Orders API.
 */
;(function () {
  var script = document.currentScript
  var src = new URL(script ? script.src : window.location.href, window.location.href)
  var base = src.pathname.replace(/\/paypal\/sdk\/js$/, '')
  var currency = src.searchParams.get('currency') || 'USD'
  var namespace = (script && script.getAttribute('data-namespace')) || 'paypal'

  function json(method, path, body) {
    return fetch(base + path, {
      method: method,
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(function (response) {
      return response.json().then(function (data) {
        if (!response.ok) {
          var issue = data && data.details && data.details[0] ? data.details[0].issue : data && data.name
          var error = new Error(issue || 'SANDBOX_ERROR')
          error.details = data && data.details
          throw error
        }
        return data
      })
    })
  }

  function el(tag, css, text) {
    var node = document.createElement(tag)
    if (css) node.style.cssText = css
    if (text) node.textContent = text
    return node
  }

  function money(value) {
    try {
      return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency }).format(Number(value))
    } catch {
      return value + ' ' + currency
    }
  }

  /** The buyer's approval sheet: the sandbox's version of PayPal's checkout window. */
  function approvalSheet(order) {
    return new Promise(function (resolve) {
      var overlay = el(
        'div',
        'position:fixed;inset:0;z-index:2147483000;background:rgba(0,0,0,.6);display:grid;place-items:center;padding:16px;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif',
      )
      var sheet = el('div', 'background:#fff;color:#111;border-radius:14px;max-width:380px;width:100%;padding:24px 22px;box-shadow:0 20px 60px rgba(0,0,0,.35)')
      sheet.setAttribute('role', 'dialog')
      sheet.setAttribute('aria-modal', 'true')
      sheet.setAttribute('aria-label', 'PayPal Sandbox')
      var logo = el('div', 'font-weight:800;font-size:22px;color:#003087;margin-bottom:4px', 'PayPal')
      var badge = el(
        'div',
        'display:inline-block;font-size:11px;font-weight:700;letter-spacing:.08em;text-transform:uppercase;color:#6b6b6b;background:#f2f3f5;border-radius:999px;padding:3px 9px;margin-bottom:16px',
        'Sandbox',
      )
      var buyer = el('p', 'font-size:14px;color:#555;margin:0 0 6px', 'Signed in as sb-buyer@personal.example.com')
      var amount = el('p', 'font-size:20px;font-weight:700;margin:0 0 20px', 'Pay ' + money(order.purchase_units[0].amount.value))
      var pay = el(
        'button',
        'width:100%;padding:13px;border:0;border-radius:24px;background:#0070ba;color:#fff;font-weight:700;font-size:16px;cursor:pointer;margin-bottom:10px',
        'Complete Purchase',
      )
      pay.type = 'button'
      var cancel = el(
        'button',
        'width:100%;padding:12px;border:0;border-radius:24px;background:#f2f3f5;color:#111;font-weight:700;font-size:15px;cursor:pointer',
        'Cancel and return to Koma',
      )
      cancel.type = 'button'
      sheet.append(logo, badge, buyer, amount, pay, cancel)
      overlay.appendChild(sheet)
      document.body.appendChild(overlay)
      pay.focus()
      function done(result) {
        overlay.remove()
        resolve(result)
      }
      pay.onclick = function () {
        pay.disabled = true
        done('approve')
      }
      cancel.onclick = function () {
        done('cancel')
      }
    })
  }

  function Buttons(options) {
    options = options || {}
    var container = null
    var disabled = false
    var busy = false
    var actions = {
      enable: function () {
        disabled = false
        return Promise.resolve()
      },
      disable: function () {
        disabled = true
        return Promise.resolve()
      },
    }
    function fail(error) {
      busy = false
      if (typeof options.onError === 'function') options.onError(error)
    }
    function start() {
      if (disabled || busy) return
      busy = true
      var orderID
      Promise.resolve(
        typeof options.onClick === 'function'
          ? options.onClick(
              { fundingSource: 'paypal' },
              {
                resolve: function () {
                  return Promise.resolve(true)
                },
                reject: function () {
                  return Promise.resolve(false)
                },
              },
            )
          : true,
      )
        .then(function (go) {
          if (go === false) throw new Error('CLICK_REJECTED')
          return options.createOrder({ paymentSource: 'paypal' }, {})
        })
        .then(function (id) {
          orderID = id
          return json('GET', '/paypal/v2/checkout/orders/' + encodeURIComponent(id))
        })
        .then(approvalSheet)
        .then(function (choice) {
          if (choice === 'cancel') {
            busy = false
            if (typeof options.onCancel === 'function') options.onCancel({ orderID: orderID })
            return
          }
          return json('POST', '/paypal/v2/checkout/orders/' + encodeURIComponent(orderID) + '/approve', {}).then(function (approved) {
            busy = false
            if (typeof options.onApprove === 'function')
              return options.onApprove({ orderID: orderID, payerID: approved.payer.payer_id, paymentSource: 'paypal', facilitatorAccessToken: '' }, {})
          })
        })
        .catch(function (error) {
          if (error && error.message === 'CLICK_REJECTED') {
            busy = false
            return
          }
          fail(error)
        })
    }
    return {
      isEligible: function () {
        return !options.fundingSource || options.fundingSource === 'paypal'
      },
      render: function (target) {
        container = typeof target === 'string' ? document.querySelector(target) : target
        if (!container) return Promise.reject(new Error('Document is ready and element ' + target + ' does not exist'))
        var button = el(
          'button',
          'width:100%;min-height:45px;border:0;border-radius:' +
            (options.style && options.style.shape === 'pill' ? '23px' : '6px') +
            ';background:#ffc439;color:#111;font-weight:800;font-size:17px;cursor:pointer;font-family:inherit',
        )
        button.type = 'button'
        button.setAttribute('aria-label', 'PayPal')
        // PayPal's own button draws its wordmark as an image; as text, its light blue (#009cde, 1.93:1 on the gold)
        // failed WCAG contrast behind the coin purchase result dialog (issue 35): a darker blue reads at 6.2:1.
        button.innerHTML = '<span style="color:#003087">Pay</span><span style="color:#00457c">Pal</span>'
        button.onclick = start
        container.appendChild(button)
        if (typeof options.onInit === 'function') options.onInit({}, actions)
        return Promise.resolve()
      },
      close: function () {
        if (container) container.innerHTML = ''
        return Promise.resolve()
      },
      updateProps: function () {
        return Promise.resolve()
      },
    }
  }

  var FIELD_INFO = {
    number: { placeholder: 'Card number', autocomplete: 'cc-number', inputmode: 'numeric' },
    expiry: { placeholder: 'MM/YY', autocomplete: 'cc-exp', inputmode: 'numeric' },
    cvv: { placeholder: 'CVV', autocomplete: 'cc-csc', inputmode: 'numeric' },
    name: { placeholder: 'Name on card', autocomplete: 'cc-name', inputmode: 'text' },
  }

  function luhn(number) {
    if (!/^[0-9]{12,19}$/.test(number)) return false
    var sum = 0
    for (var i = 0; i < number.length; i++) {
      var digit = Number(number[number.length - 1 - i])
      if (i % 2 === 1) {
        digit *= 2
        if (digit > 9) digit -= 9
      }
      sum += digit
    }
    return sum % 10 === 0
  }

  function CardFields(options) {
    options = options || {}
    var inputs = {}
    function value(kind) {
      return inputs[kind] ? inputs[kind].value.trim() : ''
    }
    function validity() {
      var number = value('number').replace(/[\s-]/g, '')
      var expiry = /^(0[1-9]|1[0-2])\s*\/\s*([0-9]{2})$/.exec(value('expiry'))
      var now = new Date()
      var expiryOk = Boolean(expiry) && Date.UTC(2000 + Number(expiry[2]), Number(expiry[1]), 1) > now.getTime()
      return { number: luhn(number), expiry: expiryOk, cvv: /^[0-9]{3,4}$/.test(value('cvv')), name: value('name').length <= 60 }
    }
    function state() {
      var valid = validity()
      var fields = {}
      Object.keys(FIELD_INFO).forEach(function (kind) {
        var key = kind === 'number' ? 'cardNumberField' : kind === 'expiry' ? 'cardExpiryField' : kind === 'cvv' ? 'cardCvvField' : 'cardNameField'
        fields[key] = { isEmpty: value(kind) === '', isValid: valid[kind], isPotentiallyValid: true, isFocused: document.activeElement === inputs[kind] }
      })
      return { isFormValid: valid.number && valid.expiry && valid.cvv && valid.name, fields: fields, errors: [] }
    }
    function field(kind, fieldOptions) {
      fieldOptions = fieldOptions || {}
      var input = null
      return {
        render: function (target) {
          var container = typeof target === 'string' ? document.querySelector(target) : target
          if (!container) return Promise.reject(new Error('container not found'))
          var info = FIELD_INFO[kind]
          input = el(
            'input',
            'display:block;width:100%;box-sizing:border-box;font-size:16px;padding:12px 14px;border:1.5px solid #d8d8d8;border-radius:10px;margin:0 0 10px;font-family:inherit;background:#fff;color:#111',
          )
          input.placeholder = fieldOptions.placeholder || info.placeholder
          input.setAttribute('aria-label', fieldOptions.placeholder || info.placeholder)
          input.setAttribute('autocomplete', info.autocomplete)
          input.setAttribute('inputmode', info.inputmode)
          input.setAttribute('data-paypal-card-field', kind)
          input.oninput = function () {
            input.style.borderColor = '#d8d8d8'
            var events = fieldOptions.inputEvents || options.inputEvents || {}
            if (typeof events.onChange === 'function') events.onChange(state())
          }
          inputs[kind] = input
          container.appendChild(input)
          return Promise.resolve()
        },
        close: function () {
          if (input) input.remove()
          delete inputs[kind]
          return Promise.resolve()
        },
        clear: function () {
          if (input) input.value = ''
        },
        focus: function () {
          if (input) input.focus()
        },
      }
    }
    return {
      isEligible: function () {
        return true
      },
      NumberField: function (o) {
        return field('number', o)
      },
      ExpiryField: function (o) {
        return field('expiry', o)
      },
      CVVField: function (o) {
        return field('cvv', o)
      },
      NameField: function (o) {
        return field('name', o)
      },
      getState: function () {
        return Promise.resolve(state())
      },
      submit: function () {
        var valid = validity()
        var bad = Object.keys(valid).filter(function (kind) {
          return !valid[kind] && inputs[kind]
        })
        if (bad.length) {
          bad.forEach(function (kind) {
            inputs[kind].style.borderColor = '#d93025'
          })
          return Promise.reject(new Error('INVALID_' + bad[0].toUpperCase()))
        }
        var expiry = /^(0[1-9]|1[0-2])\s*\/\s*([0-9]{2})$/.exec(value('expiry'))
        var orderID
        return Promise.resolve(options.createOrder({ paymentSource: 'card' }))
          .then(function (id) {
            orderID = id
            return json('POST', '/paypal/v2/checkout/orders/' + encodeURIComponent(id) + '/confirm-payment-source', {
              payment_source: {
                card: {
                  number: value('number').replace(/[\s-]/g, ''),
                  expiry: '20' + expiry[2] + '-' + expiry[1],
                  security_code: value('cvv'),
                  name: value('name'),
                },
              },
            })
          })
          .then(function () {
            if (typeof options.onApprove === 'function') return options.onApprove({ orderID: orderID, liabilityShift: 'NO' })
          })
          .catch(function (error) {
            if (typeof options.onError === 'function') options.onError(error)
            throw error
          })
      },
    }
  }

  window[namespace] = { version: '5.0.0-koma-sandbox', Buttons: Buttons, CardFields: CardFields, FUNDING: { PAYPAL: 'paypal', CARD: 'card' } }
})()
